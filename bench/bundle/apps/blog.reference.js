import { posts } from '@wix/blog';
import { createClient, OAuthStrategy } from '@wix/sdk';

const client = createClient({ auth: OAuthStrategy({ clientId: 'bench-client' }), modules: { posts } });
client.posts
  .queryPosts({ fieldsets: ['URL'] })
  .eq('featured', true)
  .descending('firstPublishedDate')
  .limit(10)
  .find()
  .then((page) => {
    console.log(page.items.map((post) => [post.title, post.url, post.heroImage]));
    return client.posts.getPost(page.items[0]?._id ?? 'p1', { fieldsets: ['RICH_CONTENT'] });
  })
  .then(({ post }) => console.log(post?.richContent, post?.firstPublishedDate));

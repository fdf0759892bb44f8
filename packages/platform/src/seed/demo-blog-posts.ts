/**
 * The demo blog's writing: the diary of the Courtyard Garden, a community garden behind a city
 * apartment block. Each post is plain data (a block is a paragraph, a heading, a list or a quote;
 * `**bold**` and `_italic_` mark words) that demo-blog.ts turns into rich content.
 */
export type CategoryKey = 'growing' | 'seasons' | 'kitchen' | 'neighbours';
export type TagKey =
  | 'tomatoes'
  | 'herbs'
  | 'compost'
  | 'seeds'
  | 'pollinators'
  | 'small-spaces'
  | 'soil'
  | 'harvest'
  | 'recipes'
  | 'watering';

export type Block =
  | string
  | { readonly heading: string }
  | { readonly list: readonly string[]; readonly ordered?: boolean }
  | { readonly quote: string };

export interface DemoPost {
  /** Stable within the seed: translations and the writer's posts name posts by it. */
  readonly key: string;
  readonly title: string;
  readonly excerpt: string;
  readonly category: CategoryKey;
  readonly tags: readonly TagKey[];
  /** How long before the seed ran the post was first published. */
  readonly daysAgo: number;
  readonly body: readonly Block[];
  readonly featured?: boolean;
  readonly pinned?: boolean;
  readonly hashtags?: readonly string[];
}

export const DEMO_CATEGORIES: Record<CategoryKey, { label: string; description: string }> = {
  growing: {
    label: 'Growing',
    description: 'Vegetables, herbs and flowers in raised beds, pots and one stubborn corner.',
  },
  seasons: { label: 'Seasons', description: 'The garden diary, month by month.' },
  kitchen: { label: 'From the kitchen', description: 'What we cook with what we grow.' },
  neighbours: { label: 'Neighbours', description: 'The people who dig, water, borrow and share.' },
};

export const DEMO_TAGS: Record<TagKey, string> = {
  tomatoes: 'Tomatoes',
  herbs: 'Herbs',
  compost: 'Compost',
  seeds: 'Seeds',
  pollinators: 'Pollinators',
  'small-spaces': 'Small spaces',
  soil: 'Soil',
  harvest: 'Harvest',
  recipes: 'Recipes',
  watering: 'Watering',
};

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    key: 'welcome',
    title: 'Welcome to the Courtyard Garden',
    excerpt: 'Twelve raised beds, one water butt and forty-odd neighbours: how a car park became a garden.',
    category: 'neighbours',
    tags: ['small-spaces', 'soil'],
    daysAgo: 358,
    pinned: true,
    featured: true,
    hashtags: ['courtyardgarden'],
    body: [
      'Three years ago the courtyard behind our building held six parking spaces, two broken bicycles and a skip nobody admitted to filling. Today it holds twelve raised beds, a bench made from old scaffolding boards and, on a good evening in June, more people than it was ever designed for.',
      'This blog is our shared notebook. We write down what worked, what the slugs ate, what we cooked and who lent whom a spade. If you live in the building, you are already a member: the gate code is on the noticeboard and the watering rota is on the shed door.',
      { heading: 'How it works' },
      {
        list: [
          'Every household can claim half a bed for the season.',
          'The herb bed by the gate belongs to everyone: pick what you need.',
          'Tools live in the shed; put them back clean.',
          'The compost bays take raw peelings, never cooked food.',
        ],
      },
      'We are not experts. Most of us started with a single pot of basil that died in August. That is rather the point: a garden is where you are allowed to get things wrong in public, and to try again next spring.',
    ],
  },
  {
    key: 'raised-beds',
    title: 'Building raised beds from reclaimed timber',
    excerpt: 'Scaffolding boards, a borrowed drill and one long Saturday: our twelve beds, step by step.',
    category: 'growing',
    tags: ['small-spaces', 'soil'],
    daysAgo: 349,
    body: [
      'Tarmac does not grow much, so everything in the courtyard grows in boxes. We built the first twelve from scaffolding boards a builder two streets away was glad to be rid of. They are rough, heavy and, after three winters, still perfectly sound.',
      { heading: 'What you need for one bed' },
      {
        ordered: true,
        list: [
          'Four boards, two cut to 2.4 m and two to 1.2 m.',
          'Four corner posts from offcuts, 30 cm long.',
          'Sixteen long screws and a drill that will not give up.',
          'Cardboard for the bottom, to smother what is underneath.',
        ],
      },
      'Line the base with cardboard rather than plastic. Worms pull it down within a season, and water drains away instead of pooling. We filled ours with a mix of topsoil, municipal compost and the contents of a neighbour’s failed wormery, which turned out to be the best part.',
      'Build them no wider than you can reach across from both sides. Ours are 1.2 m, which means nobody ever has to step on the soil, and the soil stays loose enough to dig with your hands.',
    ],
  },
  {
    key: 'compost-bays',
    title: 'Three bays and a thermometer: starting our compost',
    excerpt: 'Why we built three compost bays instead of one, and what a compost thermometer taught us.',
    category: 'growing',
    tags: ['compost', 'soil'],
    daysAgo: 338,
    body: [
      'A single compost heap is a place where peelings go to be forgotten. Three bays are a system: one filling, one cooking, one ready. We built ours from pallets against the north wall, where nothing else wants to grow.',
      'The thermometer was a gift from the fourth floor and it changed how we think about the heap. A well-built pile reaches sixty degrees in a few days. When the needle drops, it is time to turn it into the next bay, and you can feel the warmth rising from the fork.',
      { quote: 'Green and brown, wet and dry, little and often. Everything else is detail.' },
      'Our rule of thumb is a bucket of shredded cardboard for every bucket of kitchen scraps. Too wet and it smells; too dry and nothing happens. Eggshells are welcome, crushed. Citrus peel is tolerated in moderation. Cooked food is not, because rats can read a compost bin like a menu.',
    ],
  },
  {
    key: 'seed-swap',
    title: 'Our first seed swap',
    excerpt: 'Forty packets, three kinds of chilli nobody could name and a very long table on the landing.',
    category: 'neighbours',
    tags: ['seeds'],
    daysAgo: 327,
    body: [
      'We set up a trestle table on the ground-floor landing one Sunday in February and asked everyone to bring the seeds they had too many of. By noon there were forty packets, a tin of runner beans from somebody’s grandmother and three kinds of chilli nobody could identify.',
      'The rules were simple: take what you will grow, write your name on the sheet, and bring seeds back in autumn if you can. Half the fun was the labelling. One envelope simply said _“red, hot, good”_, which turned out to be entirely accurate.',
      'Seed swaps work because most packets hold far more than one household can use, and seeds lose vigour after a few years in a drawer. Sharing them is not just thrifty; it means varieties that do well in our courtyard, with its shade and its wind tunnel, slowly become the varieties everyone grows.',
    ],
  },
  {
    key: 'chitting',
    title: 'Chitting potatoes on the windowsill',
    excerpt: 'Egg boxes, a cool bright room and a little patience give early potatoes a head start.',
    category: 'seasons',
    tags: ['seeds', 'small-spaces'],
    daysAgo: 318,
    body: [
      'Every flat on the east side now has a row of egg boxes on a windowsill, each cup holding a seed potato with its eyes pointing up. Chitting simply means letting the tubers sprout short, sturdy shoots before they go into the ground.',
      'The trick is light and cool. In a warm dark cupboard the shoots grow long, white and fragile; on a bright sill in an unheated room they stay short, green and tough, the colour of a beetle’s back.',
      'Do first earlies really need chitting? Opinions on our staircase are divided. The people who chit swear their potatoes are ready two weeks sooner. The people who do not point out that they also have their windowsills back.',
    ],
  },
  {
    key: 'first-sowings',
    title: 'The first sowings of the year',
    excerpt:
      'Broad beans outside, tomatoes and peppers indoors: what goes in first, and why we wait for the rest.',
    category: 'seasons',
    tags: ['seeds', 'tomatoes'],
    daysAgo: 306,
    body: [
      'March is when patience runs out. The days are longer, the seed catalogues are dog-eared, and everyone wants to sow everything at once. We try to resist.',
      { heading: 'Sow now' },
      {
        list: [
          'Broad beans, straight into the beds: they shrug off frost.',
          'Tomatoes and chillies, indoors on a warm sill.',
          'Sweet peas, in deep pots, for the fence by the bins.',
        ],
      },
      { heading: 'Wait for' },
      {
        list: [
          'Courgettes and squash: a fortnight before the last frost, no sooner.',
          'French beans: the soil needs to feel warm to your hand.',
          'Basil: it sulks below fifteen degrees and never quite forgives you.',
        ],
      },
      'A seedling sown too early spends weeks growing leggy on a windowsill. One sown at the right moment catches up within a month and is stronger for it.',
    ],
  },
  {
    key: 'worms',
    title: 'The wormery on the third floor',
    excerpt: 'Mrs Okafor’s wormery turns a household’s peelings into the richest compost in the courtyard.',
    category: 'neighbours',
    tags: ['compost', 'small-spaces', 'soil'],
    daysAgo: 296,
    body: [
      'Not every flat can carry peelings downstairs every evening, so Grace Okafor on the third floor keeps a wormery on her balcony. It is three stacked trays, a tap at the bottom and several thousand tiger worms who eat their way up through the layers.',
      'What comes out is dark, crumbly and smells faintly of forest floor. She brings down a bucket every few weeks and the tomato growers queue for it. The liquid from the tap, diluted ten to one, is our favourite feed for anything in a pot.',
      { quote: 'They are the quietest neighbours I have ever had, and the hardest working.' },
      'If you want to start one, Grace will give you a handful of worms to get going. Keep the bin out of full sun, feed little and often, and never give them onion or citrus in any quantity.',
    ],
  },
  {
    key: 'bees-arrive',
    title: 'The bees found us',
    excerpt: 'A patch of borage and a few pots of lavender, and suddenly the courtyard hums.',
    category: 'seasons',
    tags: ['pollinators', 'herbs'],
    daysAgo: 284,
    body: [
      'For the first year we saw almost no bees. The courtyard is walled on four sides and the nearest park is a ten-minute walk. Then we planted borage along the south bed and two troughs of lavender by the gate, and by May the whole place was humming.',
      'Most of our visitors are bumblebees and small solitary bees rather than honeybees. They nest in gaps in brickwork, hollow stems and bare soil, so we have stopped being tidy in the back corner. The dead stems stay up over winter; the bees thank us in spring.',
      'The tomatoes and beans noticed too. Last summer the runner beans set pods from the bottom of the wigwam to the top, which had never happened before.',
    ],
  },
  {
    key: 'herb-bed',
    title: 'A herb bed everyone can pick from',
    excerpt:
      'Thyme, chives, parsley and a rosemary the size of a small car, free to every kitchen in the building.',
    category: 'growing',
    tags: ['herbs', 'small-spaces'],
    daysAgo: 272,
    featured: true,
    hashtags: ['herbs'],
    body: [
      'The bed by the gate is the only one nobody claims. It belongs to the building, and anyone may pick from it. It is also, by a long way, the most used patch of ground we have.',
      'Woody herbs like thyme, sage and rosemary want sun, poor soil and to be left alone, so they sit at the sunny end in a mix with plenty of grit. Parsley, chives and coriander prefer it richer and damper, at the shady end under the drainpipe.',
      { heading: 'How to pick so it keeps growing' },
      {
        list: [
          'Snip basil and mint above a pair of leaves; two shoots grow back.',
          'Take the outer stems of parsley first.',
          'Cut chives to a few centimetres; they are back in a fortnight.',
          'Never take more than a third of a plant at once.',
        ],
      },
      'Mint lives in a sunken bucket. We learned that the hard way.',
    ],
  },
  {
    key: 'watering-rota',
    title: 'The watering rota, and why it works',
    excerpt: 'A clipboard on the shed door keeps twelve beds alive through August. Mostly.',
    category: 'neighbours',
    tags: ['watering'],
    daysAgo: 262,
    body: [
      'In high summer raised beds dry out fast, and a day missed is a day the lettuces bolt. So from June to September a clipboard hangs on the shed door, and every household signs up for a week.',
      'The rota works because it is small: one week, once a summer, with a neighbour as backup. It also works because of the water butt, which collects rain from the bike shelter roof and saves us carrying cans up from the basement tap.',
      'Water in the evening or early morning, at the base of the plants rather than over the leaves, and water deeply twice a week rather than a splash every day. Deep water sends roots down; daily sprinkles keep them lazy near the surface.',
    ],
  },
  {
    key: 'salad-pots',
    title: 'Cut-and-come-again salad in pots',
    excerpt: 'A few pots of mixed leaves can keep a household in salad from April to October.',
    category: 'growing',
    tags: ['small-spaces', 'harvest', 'seeds'],
    daysAgo: 251,
    body: [
      'If you only have a balcony, grow salad. A window box of mixed leaves, sown thickly and cut with scissors when the leaves are the length of your finger, grows back two or three times before it tires.',
      'Sow a new pot every three weeks and you will never run out. In the heat of July, move the pots into light shade: lettuce bolts in full sun, turning bitter and shooting up to flower.',
      'Our favourite mix is a handful each of lettuce, rocket, mizuna and red mustard. The mustard is hot enough to make the rest of the bowl interesting.',
    ],
  },
  {
    key: 'slugs',
    title: 'Living with slugs',
    excerpt: 'We have tried beer traps, copper tape and midnight patrols. Here is what actually helped.',
    category: 'growing',
    tags: ['soil', 'watering'],
    daysAgo: 240,
    body: [
      'A damp courtyard surrounded by old brick walls is slug heaven. In our first spring they ate every single lettuce seedling in a night, and left a silver trail across the bench as a signature.',
      'We have since tried most things. Beer traps catch a few and make the courtyard smell like a pub floor. Copper tape works on pots, less so on beds. Midnight torch patrols are oddly satisfying and entirely unsustainable.',
      { heading: 'What actually helped' },
      {
        list: [
          'Raising seedlings in pots until they are big enough to survive a nibble.',
          'Watering in the morning, so the surface is dry by nightfall.',
          'Welcoming the frogs: the small pond under the bench now has six.',
          'Growing a few sacrificial lettuces at the edge of each bed.',
        ],
      },
      'We have made our peace. The slugs get a share; we get the rest.',
    ],
  },
  {
    key: 'tomato-support',
    title: 'Staking, pinching and feeding tomatoes',
    excerpt:
      'Cordon tomatoes need three things from you: something to climb, fewer side shoots and a weekly feed.',
    category: 'growing',
    tags: ['tomatoes', 'watering'],
    daysAgo: 229,
    hashtags: ['tomatoes'],
    body: [
      'Tomatoes are the courtyard’s favourite crop and its greatest source of argument. The arguments are mostly about pinching out.',
      'Cordon varieties grow as a single tall stem. Left alone, they sprout side shoots in every leaf joint and become a sprawling bush that puts its energy into leaves. Pinch those shoots off while they are small, tie the main stem to its cane every week, and the plant ripens its fruit instead.',
      'Once the first flowers have set, feed weekly with a high-potash feed, or with the diluted worm tea from the third floor. Water evenly: a dry week followed by a soaking splits the fruit.',
      { quote: 'A tomato plant is not a houseplant. It is a project.' },
      'Bush varieties, the kind that tumble out of hanging baskets, need none of this. Grow those if you would rather not argue.',
    ],
  },
  {
    key: 'midsummer',
    title: 'Midsummer in the courtyard',
    excerpt:
      'The longest evening of the year, a borrowed string of lights and everybody’s first strawberries.',
    category: 'seasons',
    tags: ['harvest', 'pollinators'],
    daysAgo: 217,
    featured: true,
    body: [
      'On the longest day of the year we strung a borrowed set of lights between the shed and the drainpipe, carried down every chair we could find, and stayed out until it was properly dark, which in June is nearly eleven.',
      'The beds were at their best: beans racing up their wigwams, the first courgette flowers opening, borage blue with bees. Someone brought the first strawberries of the year, six of them, which were shared with great ceremony among about thirty people.',
      'It is easy to garden with your head down, thinking about the next job. Midsummer is the evening we look up.',
    ],
  },
  {
    key: 'pesto',
    title: 'Courtyard pesto',
    excerpt: 'Basil from the gate bed, a few walnuts instead of pine nuts, and a lemon to keep it green.',
    category: 'kitchen',
    tags: ['herbs', 'recipes', 'harvest'],
    daysAgo: 206,
    body: [
      'By July the basil in the herb bed needs cutting back hard before it flowers, and cutting back means pesto. This is the version we make for the building’s freezer.',
      { heading: 'Ingredients' },
      {
        list: [
          'Two big handfuls of basil leaves',
          'A small handful of walnuts, lightly toasted',
          'One clove of garlic',
          'A good grating of hard cheese',
          'Olive oil, and the juice of half a lemon',
        ],
      },
      { heading: 'Method' },
      {
        ordered: true,
        list: [
          'Pound the garlic with a pinch of salt.',
          'Add the nuts and crush them roughly.',
          'Add the basil a handful at a time, then the cheese.',
          'Loosen with oil until it falls off the spoon, and finish with lemon.',
        ],
      },
      'The lemon keeps it bright green for days. Frozen in an ice-cube tray, it lasts until the basil grows back.',
    ],
  },
  {
    key: 'courgette-glut',
    title: 'What to do with too many courgettes',
    excerpt:
      'Three plants, one household, forty courgettes. Fritters, pickles and a cake that nobody believes.',
    category: 'kitchen',
    tags: ['harvest', 'recipes'],
    daysAgo: 196,
    body: [
      'Every year someone plants three courgette plants, and every August that person leaves courgettes on doorsteps like a reverse burglar. This year it was us.',
      'Pick them small, the length of your hand. They are sweeter, they have fewer seeds, and a plant that is picked often keeps flowering. A courgette forgotten under a leaf for a week becomes a marrow, which is a different vegetable and a different problem.',
      { heading: 'Three ways with a glut' },
      {
        list: [
          '**Fritters**: grated, salted, squeezed dry, bound with egg and a little flour, fried in spoonfuls.',
          '**Quick pickle**: thin ribbons in warm vinegar, sugar, mustard seed and dill.',
          '**Chocolate courgette cake**: you will not taste them, and nobody will believe you.',
        ],
      },
    ],
  },
  {
    key: 'tomato-tasting',
    title: 'The great tomato tasting',
    excerpt:
      'Eleven varieties, thirty tasters and one clear winner: the results of our blind tomato tasting.',
    category: 'neighbours',
    tags: ['tomatoes', 'harvest'],
    daysAgo: 186,
    featured: true,
    hashtags: ['tomatoes', 'tasting'],
    body: [
      'With eleven tomato varieties growing in the courtyard this year, an argument about which was best was inevitable, so we settled it properly: a blind tasting on the bench, numbered plates, score cards and a great deal of bread to clear the palate.',
      'The winner, by a comfortable margin, was a small yellow cherry tomato grown from seed saved at last winter’s swap. Second was a huge ribbed beefsteak that looked ridiculous and tasted like summer. Last, to its grower’s lasting indignation, was the expensive hybrid from the garden centre.',
      { quote: 'It is not the prettiest. It is just the one you keep reaching for.' },
      'We are saving seed from the top three for the next swap. Expect the yellow one to be everywhere next year.',
    ],
  },
  {
    key: 'saving-seed',
    title: 'Saving tomato seed, the fermented way',
    excerpt: 'A jar, a week on the windowsill and a sieve: how to save seed that keeps for years.',
    category: 'growing',
    tags: ['seeds', 'tomatoes'],
    daysAgo: 178,
    body: [
      'Tomato seeds are wrapped in a gel that stops them sprouting inside the fruit. Fermenting removes it, and with it a few diseases, leaving clean seed that keeps for four or five years.',
      {
        ordered: true,
        list: [
          'Squeeze the seeds and pulp of a ripe tomato into a jar with a splash of water.',
          'Leave it on a windowsill for three or four days until a grey film forms. It will smell.',
          'Pour off the film; the good seeds sink.',
          'Rinse them in a sieve and spread them on a plate to dry for a week.',
        ],
      },
      'Only save seed from open-pollinated varieties, not from F1 hybrids, which do not come true. Label everything. A drawer full of envelopes marked _“tomato”_ is how mysteries begin.',
    ],
  },
  {
    key: 'green-tomato-chutney',
    title: 'Green tomato chutney',
    excerpt: 'The first cold night is coming and the vines are still full. Nothing goes to waste.',
    category: 'kitchen',
    tags: ['tomatoes', 'recipes', 'harvest'],
    daysAgo: 166,
    body: [
      'Every October the forecast mentions frost and the tomato plants are still covered in hard green fruit. Some of it will ripen on a windowsill next to a banana. The rest becomes chutney.',
      'Chop a kilo of green tomatoes, two onions and a couple of apples. Simmer them slowly with brown sugar, cider vinegar, a little ginger, mustard seed and a handful of sultanas, until a spoon drawn across the pan leaves a trail that does not fill in.',
      'Pot it into warm sterilised jars and then, this is the hard part, forget about it for a month. Young chutney tastes of vinegar. By Christmas it tastes of autumn.',
    ],
  },
  {
    key: 'autumn-clearing',
    title: 'Putting the beds to sleep',
    excerpt: 'Autumn jobs: clearing spent crops, sowing green manure and leaving the untidy corner alone.',
    category: 'seasons',
    tags: ['soil', 'compost', 'pollinators'],
    daysAgo: 155,
    body: [
      'By the end of October most beds are finished. The beans come down, their roots left in the soil for the nitrogen they hold; the spent tomato plants go to the council green waste, not our compost, in case of blight.',
      'Bare soil over winter washes out and packs down, so we cover it. Some beds get a thick mulch of compost from the ready bay. Others are sown with field beans or winter rye as green manure, to be chopped in next spring.',
      'And the back corner stays exactly as it is. The seed heads feed the sparrows; the hollow stems shelter next year’s bees.',
    ],
  },
  {
    key: 'leaf-mould',
    title: 'Leaf mould: the laziest compost',
    excerpt: 'Stuff autumn leaves into a bag, poke some holes, wait a year. That is the whole recipe.',
    category: 'growing',
    tags: ['compost', 'soil'],
    daysAgo: 146,
    body: [
      'The plane trees on our street drop a staggering quantity of leaves every November, and the council sweeps most of them away. We now intercept a few sacks.',
      'Leaves rot slowly, by fungi rather than bacteria, so they do not belong in the hot compost. Instead we stuff them, damp, into old compost bags, tie the tops, stab a few holes with a fork and stack them behind the shed.',
      'A year later they are a soft, dark, sweet-smelling mulch. Two years later they are the finest seed compost you could wish for. It is the least effort any of us spends on anything in the garden.',
    ],
  },
  {
    key: 'soup-night',
    title: 'Squash soup night',
    excerpt: 'A pan big enough for the whole building, the last squash of the year and everyone’s bread.',
    category: 'kitchen',
    tags: ['recipes', 'harvest'],
    daysAgo: 134,
    hashtags: ['soupnight'],
    body: [
      'The last squash came in just before the frost: nine of them, orange and blue-grey, lined up on the bench like trophies. It seemed a shame to split them up, so we borrowed the biggest pan in the building and made soup for everyone.',
      'Roast the squash in chunks with onions and a head of garlic until the edges catch. Scoop it all into a pan with stock and a little chilli, simmer, then blend. Finish with cream or a spoon of the courtyard pesto.',
      'Fifty-odd bowls went out on the landing that night, with bread from four different kitchens. It may have been the best evening we have had in the garden, and we were not even in it.',
    ],
  },
  {
    key: 'winter-planning',
    title: 'Winter planning with a pot of tea',
    excerpt: 'Crop rotation, seed lists and a map of twelve beds drawn on the back of an envelope.',
    category: 'seasons',
    tags: ['seeds', 'soil'],
    daysAgo: 122,
    body: [
      'Not much grows in December, but this is when next year’s garden happens. A few of us meet in the ground-floor flat with a pot of tea and a large sheet of paper and draw the beds.',
      'We rotate crops in four groups so that no family grows in the same place two years running: beans and peas, then brassicas, then roots, then potatoes and tomatoes. It keeps soil diseases from building up, and the beans leave nitrogen for the cabbages that follow.',
      'Then comes the seed list, which is always too long. Every year we promise to grow fewer things better. Every year we fail.',
    ],
  },
  {
    key: 'winter-salad',
    title: 'Salad in January',
    excerpt: 'Winter purslane, lamb’s lettuce and a cold frame made from an old window.',
    category: 'growing',
    tags: ['small-spaces', 'harvest'],
    daysAgo: 110,
    body: [
      'The old sash window from the second-floor renovation now sits on a frame of bricks against the south wall, and under it grow winter purslane, lamb’s lettuce and a row of land cress.',
      'None of them grow much in the short days, but they do not need to. Sown in September, they reach a useful size by November and then simply wait, ready to pick, until spring sets them going again.',
      'Open the lid on mild days, or the frame turns into a sauna and everything rots. A small bowl of green leaves in January feels like getting away with something.',
    ],
  },
  {
    key: 'bird-feeders',
    title: 'Feeding the birds through the cold months',
    excerpt: 'Sparrows, a pair of blackbirds and one very bold robin keep us company all winter.',
    category: 'neighbours',
    tags: ['pollinators'],
    daysAgo: 98,
    body: [
      'When the beds are quiet, the birds take over. The seed heads in the back corner bring the sparrows; the feeders hung from the fig bring blue tits; the robin follows whoever is digging, at a distance of about a metre.',
      'Clean the feeders every couple of weeks and keep a shallow dish of water out, thawed on frosty mornings. Fat balls without nets are safer for small feet.',
      'Come spring the blue tits repay us by eating greenfly off the broad beans. It is the best arrangement in the building.',
    ],
  },
  {
    key: 'seed-catalogue',
    title: 'Reading seed catalogues in bed',
    excerpt:
      'On the dangerous pleasure of seed catalogues, and the five new things we are growing this year.',
    category: 'seasons',
    tags: ['seeds'],
    daysAgo: 86,
    body: [
      'Seed catalogues arrive in the darkest weeks of the year, full of impossible colour. They are the most optimistic documents ever printed.',
      'This year the planning committee, which is whoever came to tea, has allowed five new things: a striped aubergine, a climbing French bean with purple pods, cucamelons, a tall cosmos for the bees and a Mexican tarragon that may or may not survive our winter.',
      'Everything else is seed saved from last year or swapped on the landing. There is something satisfying about a garden that slowly grows its own future.',
    ],
  },
  {
    key: 'marmalade',
    title: 'Seville orange marmalade, courtyard style',
    excerpt:
      'Nothing to do with the garden, everything to do with the neighbours: January’s marmalade session.',
    category: 'kitchen',
    tags: ['recipes'],
    daysAgo: 74,
    body: [
      'Seville oranges appear for a few weeks in January and then vanish. We cannot grow them, but we can gather in the biggest kitchen in the building and fill every jar we own.',
      'Simmer whole oranges until soft, scoop out the insides and boil the pips and pith in a bag for the pectin. Slice the peel as thin or thick as your family’s long-standing argument dictates, then boil it all with sugar until a drop on a cold saucer wrinkles when pushed.',
      'Thirty-two jars this year. The labels, hand-drawn by the children on the fifth floor, are better than the marmalade, which is saying something.',
    ],
  },
  {
    key: 'tool-library',
    title: 'Opening the tool library',
    excerpt:
      'Why does every flat own a drill it uses twice a year? The shed now lends tools to the whole building.',
    category: 'neighbours',
    tags: ['small-spaces'],
    daysAgo: 62,
    body: [
      'It started with spades and forks, and then someone asked whether they could leave their drill in the shed too. Now the shed has a shelf of tools anyone in the building can borrow: two drills, a ladder, a sewing machine, a pasta maker and a carpet cleaner of uncertain age.',
      'A notebook by the door records who has what. It works on trust, and so far trust has held, apart from one pair of loppers that have been on an extended holiday since October.',
      'A garden turns out to be a good excuse for all kinds of sharing that have nothing to do with plants.',
    ],
  },
  {
    key: 'pruning-fig',
    title: 'Pruning the old fig',
    excerpt:
      'The fig against the south wall was planted before any of us arrived. Here is how we keep it fruiting.',
    category: 'growing',
    tags: ['harvest'],
    daysAgo: 50,
    body: [
      'Nobody knows who planted the fig. It was here before the raised beds, before the bench, probably before the car park. It is trained, loosely, against the warmest wall, and in a good year it gives us a few hundred figs.',
      'Figs fruit on young wood, so in late winter we take out a few of the oldest branches to make room for new ones, and cut back anything growing away from the wall. In early summer, we pinch the tips of new shoots to encourage the embryo figs that will ripen next year.',
      'The tiny figs that appear in autumn will never ripen. Rub them off before winter and the plant puts its energy into the next crop instead.',
    ],
  },
  {
    key: 'spring-again',
    title: 'Spring, again',
    excerpt:
      'The first warm afternoon, the first broad bean flowers, and the feeling that it is all about to begin.',
    category: 'seasons',
    tags: ['seeds', 'pollinators'],
    daysAgo: 38,
    featured: true,
    body: [
      'There is always one afternoon in March when the wind drops, the sun reaches the back bench for the first time since October, and half the building comes outside without having planned to.',
      'The broad beans sown in autumn are flowering, black and white, and the first bumblebee queens are working them. The rhubarb has pushed up its pink fists. The windowsills upstairs are lined with seedlings again.',
      'A year ago this was where the blog began. Not much has changed, and everything has.',
    ],
  },
  {
    key: 'balcony-tomatoes',
    title: 'Tomatoes on a north-facing balcony',
    excerpt:
      'Not much sun? Choose the right variety, a big pot and reflective walls, and tomatoes still ripen.',
    category: 'growing',
    tags: ['tomatoes', 'small-spaces', 'watering'],
    daysAgo: 26,
    body: [
      'The flats on the north side get direct sun for about four hours on a summer afternoon. Received wisdom says tomatoes need eight. Received wisdom has not met the fourth floor.',
      'The secret is choosing small, early cherry varieties, growing them in the biggest pots the balcony will hold, and painting the back wall white to bounce what light there is. A weekly feed and even watering do the rest.',
      'The yield is smaller than in the courtyard, but the tomatoes are just as sweet, and you can pick them in your slippers.',
    ],
  },
  {
    key: 'herb-tea',
    title: 'Teas from the herb bed',
    excerpt: 'Mint, lemon balm, chamomile and sage: a cup from the garden, fresh or dried for winter.',
    category: 'kitchen',
    tags: ['herbs', 'recipes'],
    daysAgo: 14,
    body: [
      'A handful of fresh leaves in a pot of hot water is the simplest recipe on this blog. Mint is the classic. Lemon balm is gentler and tastes of sherbet. Chamomile flowers, picked when fully open, are worth the fiddle.',
      'Water just off the boil brings out the flavour without stewing it. Five minutes, then strain.',
      'For winter, pick on a dry morning before the plants flower, hang small bunches upside down in a paper bag somewhere warm and airy, and crumble the leaves into a jar when they snap.',
    ],
  },
];

/** Posts in Spanish: translations of English posts (their translationId is the English post's id). */
export const DEMO_POSTS_ES: readonly (DemoPost & { readonly translationOf: string })[] = [
  {
    key: 'welcome-es',
    translationOf: 'welcome',
    title: 'Bienvenidos al Jardín del Patio',
    excerpt:
      'Doce bancales, un depósito de agua y unos cuarenta vecinos: cómo un aparcamiento se convirtió en huerto.',
    category: 'neighbours',
    tags: ['small-spaces'],
    daysAgo: 357,
    body: [
      'Hace tres años, el patio de detrás de nuestro edificio tenía seis plazas de aparcamiento, dos bicicletas rotas y un contenedor que nadie reconocía haber llenado. Hoy tiene doce bancales elevados, un banco hecho con tablones de andamio y, en una buena tarde de junio, más gente de la que cabe.',
      'Este blog es nuestro cuaderno compartido. Apuntamos lo que funcionó, lo que se comieron las babosas, lo que cocinamos y quién prestó una pala a quién.',
      'No somos expertos. La mayoría empezamos con una maceta de albahaca que se murió en agosto. De eso se trata: un huerto es un lugar donde se puede fallar en público y volver a intentarlo en primavera.',
    ],
  },
  {
    key: 'pesto-es',
    translationOf: 'pesto',
    title: 'Pesto del patio',
    excerpt: 'Albahaca del bancal de la entrada, nueces en lugar de piñones y un limón para que siga verde.',
    category: 'kitchen',
    tags: ['herbs', 'recipes'],
    daysAgo: 205,
    body: [
      'En julio la albahaca necesita una buena poda antes de florecer, y podar significa pesto. Esta es la versión que hacemos para el congelador del edificio.',
      {
        list: [
          'Dos buenos puñados de hojas de albahaca',
          'Un puñado pequeño de nueces tostadas',
          'Un diente de ajo y queso curado rallado',
          'Aceite de oliva y el zumo de medio limón',
        ],
      },
      'El limón mantiene el verde durante días. Congelado en una cubitera, dura hasta que la albahaca vuelve a crecer.',
    ],
  },
  {
    key: 'tomato-tasting-es',
    translationOf: 'tomato-tasting',
    title: 'La gran cata de tomates',
    excerpt:
      'Once variedades, treinta catadores y un claro ganador: los resultados de nuestra cata a ciegas.',
    category: 'neighbours',
    tags: ['tomatoes', 'harvest'],
    daysAgo: 185,
    body: [
      'Con once variedades de tomate en el patio este año, la discusión sobre cuál era el mejor era inevitable, así que la resolvimos como es debido: una cata a ciegas en el banco, platos numerados y mucho pan.',
      'Ganó con holgura un pequeño tomate cherry amarillo, cultivado con semillas del intercambio del invierno pasado. El último puesto, para indignación de su cultivador, fue para el híbrido caro del vivero.',
      { quote: 'No es el más bonito. Es el que siempre vuelves a coger.' },
    ],
  },
];

/** Not published: a draft in progress, one scheduled a week ahead, and one a blog writer sent for review. */
export const DEMO_DRAFT: DemoPost = {
  key: 'draft-rhubarb',
  title: 'Forcing rhubarb under a bucket',
  excerpt: 'Notes for a post: pale pink stalks in February, and what forcing costs the crown.',
  category: 'growing',
  tags: ['harvest'],
  daysAgo: 3,
  body: [
    'Half-written. The upturned bucket went over the crown in January; check on it in three weeks and take photographs.',
    'To cover: why forced stalks are sweeter, why a crown needs two years off afterwards.',
  ],
};

export const DEMO_SCHEDULED: DemoPost = {
  key: 'scheduled-open-day',
  title: 'Open day: the garden gate is open',
  excerpt: 'Seedlings for sale, tours of the compost bays and cake. Everyone from the street is welcome.',
  category: 'neighbours',
  tags: ['seeds', 'compost'],
  daysAgo: -7,
  body: [
    'This Saturday the gate stays open from ten until four and everyone on the street is welcome. There will be spare seedlings for a donation, tours of the compost bays every hour and cake on the bench for as long as it lasts.',
    'Bring a pot if you have one. Take home a tomato.',
  ],
};

export const DEMO_IN_REVIEW: DemoPost = {
  key: 'in-review-balcony-beans',
  title: 'Climbing beans up a balcony railing',
  excerpt: 'A writer’s first post: runner beans as a summer screen between two balconies.',
  category: 'growing',
  tags: ['small-spaces', 'seeds'],
  daysAgo: 1,
  body: [
    'My balcony faces my neighbour’s across a gap of two metres, so last summer I grew runner beans up strings tied to the railing. By July we had a green, red-flowered curtain and a kilo of beans a week.',
    'Sow two seeds to a deep pot in May, give them strings to climb and water them every evening when it is hot. Pick often and they keep coming until October.',
  ],
};

/** Published posts written by the demo blog writer (before the one in review). */
export const WRITER_POST_KEYS: readonly string[] = ['balcony-tomatoes', 'worms'];

import { listAnnouncements } from '../../lib/cms';

export default async function About() {
  const announcements = await listAnnouncements();
  return (
    <>
      <h1>About the library</h1>
      <ul data-testid="announcements">
        {announcements.map((announcement) => (
          <li key={announcement._id}>
            <strong>{announcement.title}</strong>: {announcement.text}
          </li>
        ))}
      </ul>
    </>
  );
}

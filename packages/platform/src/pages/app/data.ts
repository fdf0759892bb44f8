/** The id of the JSON element the server embeds (hosted-pages.ts HOSTED_DATA_ELEMENT_ID). */
const DATA_ELEMENT_ID = 'atrium-hosted-data';

/** The data the server embedded in the page, if any. */
export function readHostedData(): unknown {
  const text = document.getElementById(DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Pure: whether an author identity is a bot.
const BOT_AUTHOR = /\[bot\]|dependabot|renovate|github-actions/i;

/** Automated authors whose changes the gate screens out (matched on name, email or login). */
export function isBotAuthor(...identities: Array<string | null | undefined>): boolean {
  return identities.some((identity) => identity != null && BOT_AUTHOR.test(identity));
}

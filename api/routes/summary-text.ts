/** A noun with its indefinite article, for operation summaries built from a label ("an ad set", "a campaign"). */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** How people name a platform's account: "Google Ads account", "Meta ad account". */
export const accountNoun = (displayName: string): string => (/\bAds$/.test(displayName) ? `${displayName} account` : `${displayName} ad account`);

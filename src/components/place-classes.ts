/**
 * The class names of the place page's parts. The build writes their styles
 * from the theme (PlaceStyles); the island renders the person's data with
 * the same names, so its bundle carries no styling code, as the contact
 * form's does not.
 */
export const PLACE_CLASSES = {
  view: "place-view",
  position: "place-position",
  line: "place-line",
  how: "place-how",
  label: "place-label",
  link: "place-link",
  hint: "place-hint",
  share: "place-share",
  shareLinks: "place-share-links",
  shareLink: "place-share-link",
  reward: "place-reward",
  rewardTitle: "place-reward-title",
  code: "place-code",
  storeForm: "place-store-form",
  storeChoices: "place-store-choices",
  storeChoice: "place-store-choice",
} as const

/** A styled part of the place page. */
export type PlacePart = keyof typeof PLACE_CLASSES

import { siteFacts } from "../../config/site-facts"

/** The line an announcement ends with: the provider's name and postal address (CAN-SPAM asks commercial mail for one). */
export const postalLine = (): string => `${siteFacts.companyName}, ${siteFacts.postalAddress.trim()}`

/** Whether the site's facts hold a postal address, without which no announcement is sent. */
export const hasPostalAddress = (): boolean => siteFacts.postalAddress.trim() !== ""

/** What `announce send` and the admin's send say while the site's facts hold no postal address. */
export const NO_POSTAL_ADDRESS =
  "no announcement can be sent without the company's postal address, which every one ends with (CAN-SPAM asks commercial mail for one): set postalAddress in src/config/site-facts.ts, then build and deploy again"

import { graphql, useStaticQuery } from "gatsby"
import { CONTACT_FORM_ISLAND_ID, ContactFormIslandContent } from "./contact-form-island-content"
import { IslandScript } from "./island-script"

/**
 * The one interactive part of the site. In the production build the rest
 * of the contact page stays static HTML and only this element hydrates,
 * from its own small script, which the build bundled and sourced as an
 * `Island` node (see gatsby-node's sourceNodes): the script's hashed name
 * is data of this page, so a changed island renders the page anew. Under
 * `gatsby develop` there is no such node, and the form hydrates with the page.
 */
export function ContactFormIsland() {
  const data = useStaticQuery<Queries.ContactFormIslandQuery>(graphql`
    query ContactFormIsland {
      island(name: { eq: "contact-form" }) {
        src
      }
    }
  `)
  const src = data?.island?.src
  return (
    <>
      <div id={CONTACT_FORM_ISLAND_ID}>
        <ContactFormIslandContent />
      </div>
      {src && <IslandScript src={src} />}
    </>
  )
}

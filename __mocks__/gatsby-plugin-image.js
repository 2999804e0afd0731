const React = require("react")

// StaticImage is compiled by Gatsby's Babel plugin at build time; in unit
// tests it stands for the plain image it becomes.
module.exports = {
  StaticImage: ({ src, alt }) => React.createElement("img", { src, alt }),
  GatsbyImage: ({ alt }) => React.createElement("img", { alt }),
}

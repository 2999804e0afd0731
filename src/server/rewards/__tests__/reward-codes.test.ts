import { codesOfFile, csvFields } from "../reward-codes"

describe("the codes of a store's file", () => {
  it("reads one code a line, blank lines and spaces left out, each code once", () => {
    expect(codesOfFile("\uFEFFIOSCODE0001\r\n\r\n  IOSCODE0002  \nIOSCODE0001\n")).toEqual({
      codes: ["IOSCODE0001", "IOSCODE0002"],
      problems: [],
    })
  })

  it("reads App Store Connect's offer codes CSV and the Play Console's promo codes CSV by the name of their code column", () => {
    expect(codesOfFile("Code,Expiration Date\nIOSCODE0001,2027-06-01\n").codes).toEqual(["IOSCODE0001"])
    expect(codesOfFile("Offer Code,Expiration Date\nIOSCODE0002,2027-06-01").codes).toEqual(["IOSCODE0002"])
    expect(codesOfFile("Promotion code\n9YRNQB2YZ7B1BLXDNFHUHM5\nZLKMKEQ7U41RZ5YRXZXMPRX\n").codes).toEqual([
      "9YRNQB2YZ7B1BLXDNFHUHM5",
      "ZLKMKEQ7U41RZ5YRXZXMPRX",
    ])
    expect(codesOfFile('Name,"Promo code"\n"A, B",PLAYCODE0001').codes).toEqual(["PLAYCODE0001"])
  })

  it("imports nothing from a file with a line that is no code, naming the lines", () => {
    expect(codesOfFile("IOSCODE0001\n=HYPERLINK(1)\nab\n")).toEqual({
      codes: [],
      problems: [
        'line 2: "=HYPERLINK(1)" is not a store\'s code (letters, digits and hyphens)',
        'line 3: "ab" is not a store\'s code (letters, digits and hyphens)',
      ],
    })
    expect(codesOfFile("Name,Expiration\nx,y").problems).toEqual([
      "line 1: a CSV names its code column in its first row (Code, Offer Code or Promotion code): Name,Expiration",
    ])
    expect(codesOfFile("\n\n").problems).toEqual(["the file holds no code"])
  })

  it("splits a CSV line in one pass, quotes and doubled quotes included, however long", () => {
    expect(csvFields('a,"b, ""c""",d')).toEqual(["a", 'b, "c"', "d"])
    expect(csvFields(`"${"x".repeat(100_000)}`)).toEqual(["x".repeat(100_000)])
  })
})

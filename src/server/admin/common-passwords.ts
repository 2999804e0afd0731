/**
 * The most common passwords, as the published counts of leaked passwords
 * and the yearly lists of password managers rank them, written down by us
 * as a compact set: the words at their core (checked after the digits and
 * signs people put around them are taken off, and look-alike digits read
 * as letters, so "Password123!" and "p@ssw0rd" are "password"), and the
 * few whole ones of twelve characters or more that are no word. Runs along
 * the keyboard and repetitions are refused by rule (see passwordProblem),
 * so they need no place here.
 */
const WORDS = `
password passwort motdepasse contrasena senha passwd pass word secret letmein welcome welcomeback hello helloworld
admin administrator root login master superuser changeme default guest user test tester testing access
iloveyou iloveu loveyou love lovely lover loveme mylove forever together
monkey dragon shadow sunshine princess football baseball soccer hockey basketball tennis golf
superman batman spiderman starwars pokemon naruto minecraft fortnite roblox
michael jennifer jordan jessica ashley daniel thomas charlie andrew robert matthew joshua william
michelle nicole amanda jasmine hannah samantha anthony justin maggie ginger pepper buster
hunter ranger killer trustno trustnoone whatever freedom nothing something anything everything
computer internet google facebook instagram twitter youtube linkedin microsoft apple samsung
summer winter autumn spring january february march april june july august september october november december
monday tuesday wednesday thursday friday saturday sunday
cookie chocolate banana orange cherry strawberry pumpkin butterfly flower purple yellow silver golden diamond
tigger mustang corvette ferrari porsche mercedes harley yamaha
matrix phoenix zeus thunder lightning blizzard galaxy universe
jesus christ angel heaven blessed faith
qwerty qwertz azerty asdf asdfgh zxcvbnm abcdef abc
princesa tequiero teamo amor chocolate futbol barcelona madrid
fuckyou fuckoff bullshit asshole
liverpool chelsea arsenal manchester united juventus
letmeinplease openup opensesame
`

/** Whole passwords of twelve characters or more that are no word but appear near the top of every list. */
const WHOLE = `
123456789012 1234567890123 12345678910 123123123123 111111111111 000000000000 123456654321 987654321987
1q2w3e4r5t6y 1q2w3e4r5t6y7u 1qaz2wsx3edc zaq12wsxcde3 zaq1zaq1zaq1 123qweasdzxc qweasdzxc123 q1w2e3r4t5y6
qazwsxedcrfv 1qazxsw23edc qwertyuiop12 asdfghjkl123 zxcvbnm12345 
`

/** The common passwords: the words and the whole ones, lower-case. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(`${WORDS} ${WHOLE}`.split(/\s+/).filter((word) => word !== ""))

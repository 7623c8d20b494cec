import * as fs from 'fs';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
const nlp = winkNLP(model);
const FUNCTION_WORDS = new Set('a an the of for to in on at by with and or my our your is are be do does how what who when where can i we it this that from as not vs new'.split(' '));
function contentWords(query: string): Set<string> {
  const its = nlp.its;
  const tokens = nlp.readDoc(query.toLowerCase()).tokens();
  /* eslint-disable */
  const words = tokens.out(its.value);
  const types = tokens.out(its.type);
  const stems = tokens.out(its.stem as unknown as typeof its.value);
  return new Set(stems.filter((_, i) => (types[i] === 'word' || types[i] === 'number') && !FUNCTION_WORDS.has(words[i])));
}
function repeats(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  const shared = [...a].filter((w) => b.has(w)).length;
  return shared === a.size || shared === b.size || shared / (a.size + b.size - shared) >= 0.6;
}
const companies = ['insurer', 'university', 'council', 'law-firm', 'pharma', 'hotel-group', 'utility', 'telecoms'];
const judged = JSON.parse(fs.readFileSync('bench/quality/queries.json', 'utf8')).queries.map((q: any) => ({ id: q.id, query: q.query }));
const train = JSON.parse(fs.readFileSync('bench/quality/train-queries.json', 'utf8')).queries.map((q: any) => ({ id: q.id, query: q.query }));
const seen = [...judged, ...train].map((q) => ({ ...q, words: contentWords(q.query) }));
const lists = companies.map((c) => JSON.parse(fs.readFileSync(`/tmp/w27/${c}.json`, 'utf8')).queries as any[]);
const passed: any[] = [];
const dropped: any[] = [];
let n = 0;
for (let i = 0; i < 40; i++) for (let w = 0; w < companies.length; w++) {
  const q = lists[w][i];
  if (!q) continue;
  const nid = `n${++n}`;
  const words = contentWords(q.query);
  const hit = seen.find((o) => repeats(words, o.words));
  if (hit) dropped.push({ nid, writer: w + 1, company: companies[w], query: q.query, repeats: hit.id, its: hit.query });
  else passed.push({ nid, writer: w + 1, company: companies[w], q });
  seen.push({ id: nid, query: q.query, words });
}
fs.writeFileSync('/tmp/w27/passed.json', JSON.stringify(passed, null, 1));
fs.writeFileSync('/tmp/w27/dropped.json', JSON.stringify(dropped, null, 1));
console.log('written', n, 'passed', passed.length, 'dropped', dropped.length);

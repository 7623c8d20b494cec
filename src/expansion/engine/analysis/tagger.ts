import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** Universal part-of-speech tags as wink-nlp's English model writes them. */
export type UPos = 'NOUN' | 'PROPN' | 'VERB' | 'AUX' | 'ADJ' | 'ADV' | 'ADP' | 'DET' | 'PRON' | 'PART' | 'CCONJ' | 'SCONJ' | 'NUM' | 'SYM' | 'PUNCT' | 'INTJ' | 'X' | 'SPACE';

/** One token as the tagger sees it, with its character offsets in the text. */
export interface TaggedToken {
  start: number;
  end: number;
  pos: UPos;
  lemma: string;
}

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | undefined;

/** The tagger (wink-nlp with its English lite model, which ships inside its npm package), loaded once (~120 ms). */
function tagger(): Nlp {
  nlp ??= winkNLP(model, ['pos']);
  return nlp;
}

/** Loads the tagger now rather than on the first query. */
export function warmTagger(): void {
  tagger();
}

/** Part of speech and lemma of every token of a text, with offsets (wink keeps the text's characters). */
export function tag(text: string): TaggedToken[] {
  const n = tagger();
  const its = n.its;
  const doc = n.readDoc(text);
  const tokens = doc.tokens();
  // wink-nlp's its.* are accessor functions that out() calls unbound, as its documentation does
  /* eslint-disable @typescript-eslint/unbound-method */
  const values = tokens.out<string>(its.value);
  const spaces = tokens.out<string>(its.precedingSpaces);
  const pos = tokens.out<string>(its.pos) as UPos[];
  // the lemma accessor's declared signature differs from out()'s parameter type; it works as documented
  const lemmas = tokens.out<string>(its.lemma as unknown as typeof its.value);
  /* eslint-enable @typescript-eslint/unbound-method */
  const out: TaggedToken[] = [];
  let at = 0;
  for (let i = 0; i < values.length; i++) {
    at += spaces[i].length;
    let start = at;
    // defensive: if wink ever normalised a character, find the value again instead of drifting
    if (text.slice(start, start + values[i].length) !== values[i]) {
      const found = text.indexOf(values[i], at);
      if (found < 0) continue;
      start = found;
    }
    const end = start + values[i].length;
    out.push({ start, end, pos: pos[i], lemma: lemmas[i] });
    at = end;
  }
  return out;
}

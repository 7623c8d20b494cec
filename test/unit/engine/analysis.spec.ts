import { agreeArticle, analyse, detectUnits, expand, ExpansionIndex, inflectionOf, inflectLike, loadLexicons, nounOnly, retagInitialNoun, Thesaurus, WordNetIndex, writtenLikeSpan } from '../../../src/expansion/engine';
import { req, stateFor } from './helpers';

const cls = (q: string, word: string) => analyse(q).tokens.find((t) => t.norm === word)!.wordClass;

describe('query analysis', () => {
  it('reads request, report, leave and contract as nouns or verbs by their use', () => {
    expect(cls('holiday leave request', 'request')).toBe('noun');
    expect(cls('holiday leave request', 'leave')).toBe('noun');
    expect(cls('how to request a laptop', 'request')).toBe('verb');
    expect(cls('expense report approval policy', 'report')).toBe('noun');
    expect(cls('report a bug in the release', 'report')).toBe('verb');
    expect(cls('when can I leave early', 'leave')).toBe('verb');
    expect(cls('contract renewal terms', 'contract')).toBe('noun');
    expect(cls('we contracted a new vendor', 'contracted')).toBe('verb');
  });

  it('reads a hyphenated word ending in a particle as a noun, not as its particle', () => {
    expect(cls('manager sign-off for the budget', 'sign-off')).toBe('noun');
    expect(cls('user acceptance testing sign-off', 'sign-off')).toBe('noun');
    expect(cls('follow-up meeting notes', 'follow-up')).toBe('noun');
    // written open, the verb and its particle stay what they are; a hyphenated word ending otherwise keeps its tag
    expect(cls('who can sign off my expenses', 'sign')).toBe('verb');
    expect(analyse('read-only access').tokens[0].pos).not.toBe('NOUN');
  });

  it('reads a query-initial word the lexicon knows only as a noun as a noun when a noun phrase follows, never before an object', () => {
    const th = new Thesaurus({
      sets: [
        { terms: ['lift', 'elevator'], pos: 'noun', domain: 'facilities' },
        { terms: ['churn', 'customer attrition'], pos: 'noun', domain: 'sales' },
        { terms: ['pay', 'salary'], pos: 'noun', domain: 'hr' },
        { terms: ['reset', 'restart'], pos: 'noun', domain: 'it' },
        { terms: ['reset', 'clear'], pos: 'verb', domain: 'it' },
      ],
    });
    expect(nounOnly(th, 'lift')).toBe(true);
    expect(nounOnly(th, 'reset')).toBe(false); // a verb set too
    const retagged = (q: string, lexicon = th) => {
      const a = analyse(q);
      retagInitialNoun(a, (lemma) => nounOnly(lexicon, lemma));
      return a.tokens.map((t) => `${t.norm}:${t.wordClass}${t.inNounRun ? '+' : ''}`).join(' ');
    };
    expect(analyse('lift out of order').tokens[0].wordClass).toBe('verb'); // the tagger's reading
    expect(retagged('lift out of order')).toBe('lift:noun out:other of:other order:noun');
    expect(retagged('lift not working')).toMatch(/^lift:noun /);
    expect(retagged('churn playbook')).toBe('churn:noun+ playbook:noun+');
    // an object, or anything that is not a noun phrase, keeps the verb
    expect(retagged('lift heavy boxes')).toMatch(/^lift:verb /);
    expect(retagged('lift boxes safely')).toMatch(/^lift:verb /);
    expect(retagged('pay off my card')).toMatch(/^pay:verb /);
    expect(retagged('reset my password')).toMatch(/^reset:verb /);
    // a word the thesaurus knows as a verb too is left as the tagger read it
    const both = new Thesaurus({ sets: [{ terms: ['lift', 'elevator'], pos: 'noun', domain: 'facilities' }, { terms: ['lift', 'raise'], pos: 'verb', domain: 'general' }] });
    expect(retagged('lift out of order', both)).toMatch(/^lift:verb /);
    const out = expand(ExpansionIndex.build([], loadLexicons()), req('lift out of order', { domain: 'facilities' }), { thesaurus: th });
    expect(out.map((r) => r.expanded_query)).toContain('elevator out of order');
    const shipped = expand(ExpansionIndex.build([], loadLexicons()), req('pay off my card')).map((r) => r.expanded_query);
    expect(shipped.some((q) => q.startsWith('payoff'))).toBe(false); // a verb and its particle never close up
  });

  it('gives lemmas and marks only content heads as replaceable', () => {
    const a = analyse('laptop keeps crashing');
    expect(a.tokens.map((t) => t.lemma)).toEqual(['laptop', 'keep', 'crash']);
    expect(a.tokens.map((t) => t.content)).toEqual([true, false, true]); // "keeps" is aspectual
    const b = analyse('how to reset my password for the VPN');
    expect(b.tokens.filter((t) => t.content).map((t) => t.norm)).toEqual(['reset', 'password']);
    expect(analyse('very slow wifi').tokens[0].content).toBe(false);
  });

  it('detects compounds listed whole and never proposes alternatives for their parts', () => {
    const wn = WordNetIndex.fromSenses([
      ['cash flow', 'noun', [['cash flows']]],
      ['cash', 'noun', [['money']]],
      ['flow', 'noun', [['stream']]],
    ]);
    const th = new Thesaurus({ sets: [{ terms: ['unit test', 'unit testing'], pos: 'noun', domain: 'engineering' }, { terms: ['unit', 'module'], pos: 'noun', domain: 'engineering' }] });
    const s = stateFor('cash flow forecast unit test', { wordnet: wn, thesaurus: th });
    expect(detectUnits(s, [])).toEqual([
      { tokStart: 0, tokEnd: 2 },
      { tokStart: 2, tokEnd: 3 },
      { tokStart: 3, tokEnd: 5 },
    ]);
    const out = expand(ExpansionIndex.build([], loadLexicons()), req('unit test coverage'), { thesaurus: th, wordnet: wn });
    const alts = out.map((r) => `${r.metadata.expanded_token} -> ${r.synonyms_used[0].synonym}`);
    expect(alts).toContain('unit test -> unit testing');
    expect(alts.some((a) => a.startsWith('unit ->'))).toBe(false);
  });

  it('keeps number and tense when inflecting an alternative', () => {
    expect(inflectLike('supplier', 'plural', 'NOUN')).toBe('suppliers');
    expect(inflectLike('paid time off', 'plural', 'NOUN')).toBe('paid time off');
    expect(inflectLike('letter of intent', 'plural', 'NOUN')).toBe('letters of intent');
    expect(inflectLike('unit testing', 'plural', 'NOUN')).toBe('unit testing'); // "testings" is not in use
    expect(inflectLike('team meeting', 'plural', 'NOUN')).toBe('team meetings');
    expect(inflectionOf('licence', 'license', 'NOUN')).toBe('base'); // a spelling the tagger normalised, not a plural
    expect(inflectionOf('criteria', 'criterion', 'NOUN')).toBe('plural');
    // a noun set takes the query's number only, never the tense of a compound's last word
    const th2 = new Thesaurus({ sets: [{ terms: ['calendar not syncing', 'calendar sync issue'], pos: 'noun', domain: 'it' }] });
    const shown = expand(ExpansionIndex.build([], loadLexicons()), req('outlook calendar not syncing'), { thesaurus: th2 }).map((r) => r.expanded_query);
    expect(shown).toContain('outlook calendar sync issue');
    // a final plural the tagger reads as a verb's -s form keeps its number
    const th3 = new Thesaurus({ sets: [{ terms: ['new hire', 'new starter'], pos: 'noun', domain: 'hr' }, { terms: ['meeting invite', 'meeting invitation'], pos: 'noun', domain: 'general' }] });
    const idx = ExpansionIndex.build([], loadLexicons());
    expect(expand(idx, req('onboarding checklist for new hires'), { thesaurus: th3 }).map((r) => r.expanded_query)).toContain('onboarding checklist for new starters');
    expect(expand(idx, req('meeting invites not sent'), { thesaurus: th3 }).map((r) => r.expanded_query)).toContain('meeting invitations not sent');
    expect(inflectLike('approve', 'past', 'VERB')).toBe('approved');
    // a past form after have or be is a participle: "hasn't arrived" -> "hasn't come", never "hasn't came"
    const inflections = (q: string) => analyse(q).tokens.map((t) => `${t.norm}:${t.inflection}`);
    expect(inflections("laptop hasn't arrived")).toContain('arrived:participle');
    expect(inflections('invoice has not been paid')).toContain('paid:participle');
    expect(inflections('I arrived late')).toContain('arrived:past');
    expect(inflectLike('come', 'participle', 'VERB')).toBe('come');
    expect(inflectLike('take over', 'participle', 'VERB')).toBe('taken over');
    expect(inflectLike('take over', 'past', 'VERB')).toBe('took over');
    expect(inflections('laptop has finally arrived')).toContain('arrived:participle'); // across an adverb
    expect(inflections('laptop hasnt arrived')).toContain('arrived:participle');
    expect(inflections("it's broken again")).toContain('broken:participle'); // a pronoun's contraction
    expect(inflections("the team's approved list")).toContain('approved:past');
    // the inflector's slips are caught: a form that is no word, a past equal to the base, a participle equal to it
    expect(inflectLike('update', 'past', 'VERB')).toBe('updated');
    expect(inflectLike('update', 'participle', 'VERB')).toBe('updated');
    expect(inflectLike('authorise', 'past', 'VERB')).toBe('authorised');
    expect(inflectLike('debit', 'participle', 'VERB')).toBe('debited');
    expect(inflectLike('slide', 'participle', 'VERB')).toBe('slid');
    expect(inflectLike('cope', 'participle', 'VERB')).toBe('coped');
    expect(inflectLike('set', 'past', 'VERB')).toBe('set');
    // end to end: the shown query reads "hasn't come"
    const arrive = new Thesaurus({ sets: [{ terms: ['arrive', 'come'], pos: 'verb', domain: 'general' }] });
    const came = expand(ExpansionIndex.build([], loadLexicons()), req("the parcel hasn't arrived"), { thesaurus: arrive }).map((r) => r.expanded_query);
    expect(came).toContain("the parcel hasn't come");
    expect(came).not.toContain("the parcel hasn't came");
    expect(inflectLike('sign off', 'gerund', 'VERB')).toBe('signing off');
    expect(inflectLike('fail', 'third', 'VERB')).toBe('fails');
    const th = new Thesaurus({ sets: [{ terms: ['vendor', 'supplier'], pos: 'noun', domain: 'procurement' }, { terms: ['crash', 'fail'], pos: 'verb', domain: 'it' }] });
    const out = expand(ExpansionIndex.build([], loadLexicons()), req('vendors crashed'), { thesaurus: th }).map((r) => r.expanded_query);
    expect(out).toEqual(expect.arrayContaining(['suppliers crashed', 'vendors failed']));
  });
  it('makes an indefinite article before a replaced span agree with the replacement', () => {
    const cases: [before: string, surface: string, replacement: string, agreed: string][] = [
      ['raise an ', 'IT ticket', 'support ticket', 'raise a '],
      ['is there a ', 'service disruption', 'outage', 'is there an '],
      ['book a ', 'day shift', '8-hour shift', 'book an '],
      ['need a ', 'user acceptance test', 'UAT', 'need a '],
      ['breach of a ', 'service level agreement', 'SLA', 'breach of an '],
      ['An ', 'IT ticket', 'support ticket', 'A '],
      ['Raise An ', 'IT Ticket', 'support ticket', 'Raise A '],
      ['RAISE AN ', 'IT TICKET', 'support ticket', 'RAISE A '],
      ['A ', 'service disruption', 'outage', 'An '],
      ['"A ', 'service disruption', 'outage', '"An '],
      ['(an ', 'IT ticket', 'support ticket', '(a '],
      ['raise an\t', 'IT ticket', 'support ticket', 'raise a\t'],
      ['raise an  ', 'IT ticket', 'support ticket', 'raise a  '],
      // a capital "A" inside a query is a label; a word merely ending in "a" is not an article
      ['building A ', 'server', 'endpoint', 'building A '],
      ['raise panda ', 'server', 'outage', 'raise panda '],
      ['raise ', 'server', 'outage', 'raise '],
      // the replacement keeps the span's first word: the span's own article stands ("an sla violation" reads as written)
      ['report an ', 'SLA breach', 'sla violation', 'report an '],
      // the library would not have written the query's own article: it misreads the span, or "a" is a label
      ['create an ', 'FY24 budget', 'FY2024 budget', 'create an '],
      ['exhibit a ', 'addendum', 'schedule', 'exhibit a '],
    ];
    expect(cases.map(([before, surface, replacement]) => agreeArticle(before, surface, replacement))).toEqual(cases.map((c) => c[3]));

    const th = new Thesaurus({ sets: [{ terms: ['it ticket', 'support ticket'], pos: 'noun', domain: 'it' }, { terms: ['outage', 'service disruption'], pos: 'noun', domain: 'it' }] });
    const index = ExpansionIndex.build([], loadLexicons());
    expect(expand(index, req('raise an IT ticket', { domain: 'it' }), { thesaurus: th }).map((r) => r.expanded_query)).toContain('raise a support ticket');
    const combined = expand(index, req('is there an outage', { domain: 'it', includeCombined: true }), { thesaurus: th }).map((r) => r.expanded_query);
    expect(combined).toContain('is there a service disruption');
    // the combined query keeps the query's own article: it is outside the OR group
    expect(combined.find((q) => q.includes(' OR '))).toMatch(/^is there an \(/);
  });
  it('shows a replacement word the span also has as the query writes it', () => {
    expect(writtenLikeSpan('sla violation', 'SLA breach')).toBe('SLA violation');
    expect(writtenLikeSpan('it support ticket', 'IT ticket')).toBe('IT support ticket');
    expect(writtenLikeSpan('notebook', 'Laptop')).toBe('notebook');
    expect(writtenLikeSpan('vpn client', 'vpn software')).toBe('vpn client');
    const th = new Thesaurus({ sets: [{ terms: ['sla breach', 'sla violation'], pos: 'noun', domain: 'it' }] });
    const out = expand(ExpansionIndex.build([], loadLexicons()), req('report an SLA breach', { domain: 'it' }), { thesaurus: th });
    expect(out.map((r) => r.expanded_query)).toContain('report an SLA violation');
  });
});

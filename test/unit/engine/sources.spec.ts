import { clipped, sameLetters } from '../../../src/expansion/engine/sources/thesaurus';
import { defaultThesaurus, detectUnits, expand, ExpansionIndex, type ExpansionType, loadLexicons, matchAbbreviations, matchAcronyms, matchCatalogue, matchContext, matchPatterns, matchSpelling, matchThesaurus, matchWordNet, Thesaurus, WordNetIndex } from '../../../src/expansion/engine';
import { entry, pairs, req, stateFor } from './helpers';

const lex = loadLexicons();
const lexIndex = ExpansionIndex.build([], lex);

/** The acronym lexicon's pairs for a query, over the built-in lexicons. */
function acronymPairs(query: string, domain?: string): string[] {
  const s = stateFor(query, { index: lexIndex, domain });
  matchAcronyms(s);
  return pairs(s);
}

describe('each source on its own', () => {
  it('catalogue: longest phrase in scope, both directions, and its phrase becomes a unit', () => {
    const index = ExpansionIndex.build([entry('machine learning', 'ML engineering', { id: 1 }), entry('learning', 'training', { id: 2 })], lex);
    const s = stateFor('machine learning pipeline', { index });
    const units = matchCatalogue(s);
    expect(units).toEqual([{ tokStart: 0, tokEnd: 2 }]);
    expect(pairs(s)).toEqual(['machine learning -> ML engineering']);
    expect(s.builder.candidates[0]).toMatchObject({ source: 'catalogue', synonymId: 1 });
  });

  it('acronyms: senses ranked by domain and context; period codes by pattern', () => {
    const legal = stateFor('IP assignment agreement', { index: lexIndex, domain: 'legal' });
    matchAcronyms(legal);
    const best = [...legal.builder.candidates].sort((a, b) => b.raw - a.raw)[0];
    expect(best.replacement).toBe('intellectual property');
    const net = stateFor('IP address conflict', { index: lexIndex, domain: 'technical' });
    matchAcronyms(net);
    expect([...net.builder.candidates].sort((a, b) => b.raw - a.raw)[0].replacement).toBe('internet protocol');
    const fy = stateFor('FY24 budget', { index: lexIndex });
    matchAcronyms(fy);
    expect(pairs(fy)).toEqual(['fy24 -> fiscal year 2024', 'fy24 -> financial year 2024', 'fy24 -> FY2024']);
    const fy4 = stateFor('FY2025 plan', { index: lexIndex });
    matchAcronyms(fy4);
    expect(pairs(fy4)).toEqual(['fy2025 -> fiscal year 2025', 'fy2025 -> financial year 2025', 'fy2025 -> FY25']);
    const old = stateFor('FY1999 archive', { index: lexIndex });
    matchAcronyms(old);
    expect(pairs(old)).toEqual(['fy1999 -> fiscal year 1999', 'fy1999 -> financial year 1999']);
  });

  it('acronyms: the word after an acronym that repeats its expansion\'s last word is replaced with it ("PAT testing")', () => {
    const spanOf = (query: string, domain?: string) => {
      const s = stateFor(query, { index: lexIndex, domain });
      matchAcronyms(s);
      return s.builder.candidates.map((c) => `${c.span.surface} -> ${c.replacement}`);
    };
    // the sense whose last word is the next word takes both; a sense that does not stays on the acronym alone
    expect(spanOf('PAT testing schedule', 'facilities')).toEqual(expect.arrayContaining(['PAT testing -> portable appliance testing', 'PAT -> personal access token']));
    // inflected like the word it takes in: "SLA agreements" -> "service level agreements"
    expect(spanOf('SLA agreements for vendors', 'legal')).toContain('SLA agreements -> service level agreements');
    // an acronym followed by any other word keeps its own span, and so does one followed by another inflection of
    // the last word ("BIM models": a model is no modeling)
    expect(spanOf('SLA breach report', 'legal')).toContain('SLA -> service level agreement');
    expect(spanOf('BIM models for the client', 'engineering')).toEqual(['BIM -> building information modeling', 'BIM -> building information modelling']);
    // the other spelling variety of the word is the same word: "GPL licence"
    expect(spanOf('GPL licence terms', 'legal')).toContain('GPL licence -> gnu general public license');
    // only the word right after it ("PAT, testing" is two phrases), and a plural only where the expansion's last word is
    // its head ("SaaS services" is no "software as a services")
    expect(spanOf('PAT, testing schedule', 'facilities').some((p) => p.startsWith('PAT,'))).toBe(false);
    expect(spanOf('SaaS services contract').some((p) => p.startsWith('SaaS services'))).toBe(false);
    expect(spanOf('SaaS service contract')).toContain('SaaS service -> software as a service');
    const shown = expand(lexIndex, req('PAT testing schedule', { domain: 'facilities' })).map((r) => r.expanded_query);
    expect(shown).toContain('portable appliance testing schedule');
    expect(shown.some((q) => /testing testing/i.test(q))).toBe(false);
  });

  it('acronym model features: a period code has one sense in every form; "senses" counts those the request leaves in contention', () => {
    const feature = (query: string, name: string, domain?: string) => {
      const s = stateFor(query, { index: lexIndex, domain });
      matchAcronyms(s);
      return s.builder.candidates.map((c) => `${c.replacement}: ${String(c.features?.[name])}`);
    };
    // FY24 -> FY2024 is another wording of the one sense, not a second-ranked sense
    expect(feature('FY24 budget', 'sense_rank')).toEqual(['fiscal year 2024: 0', 'financial year 2024: 0', 'FY2024: 0']);
    // GC: general counsel, green card (both legal) and garbage collection; a legal request leaves the first two
    expect(feature('GC approval needed for contract changes', 'senses', 'legal')).toEqual(['general counsel: 2', 'green card: 2', 'garbage collection: 2']);
    expect(feature('GC approval needed for contract changes', 'senses')).toEqual(['general counsel: 3', 'green card: 3', 'garbage collection: 3']);
    // the best-ranked sense (by context) fits the domain less than another: nothing is out of contention
    expect(feature('EV charging spots', 'senses', 'facilities')).toEqual(['electric vehicle: 3', 'earned value: 3', 'enterprise value: 3']);
    // a sense filed under another domain counts as a mismatch only when the key has other senses
    expect(feature('GC approval needed for contract changes', 'domain_mismatch', 'legal')).toEqual(['general counsel: 0', 'green card: 0', 'garbage collection: 1']);
    expect(feature('SLA vs SLO dashboard', 'domain_mismatch', 'engineering').filter((p) => p.startsWith('service level agreement'))).toEqual(['service level agreement: 0']);
  });

  it('acronyms: capitals and a lower-case "s" are the plural of the key, even where a longer key spells the same letters', () => {
    const aes = acronymPairs('training for new AEs');
    expect(aes).toContain('aes -> account executives');
    expect(aes.some((p) => p.includes('encryption'))).toBe(false);
    expect(acronymPairs('AES key rotation')).toContain('aes -> advanced encryption standard');
    expect(acronymPairs('who approves PRs', 'engineering')).toContain('prs -> pull requests');
    // a key that itself ends in "s" is pluralised too; a word that only looks plural is the key it spells
    expect(acronymPairs('patching OSs on laptops')).toContain('oss -> operating systems');
    expect(acronymPairs('HTTPs certificate error')).toContain('https -> hypertext transfer protocol secure');
  });

  it('acronyms: a key that is also an ordinary word is the acronym only in capitals or as the key is written', () => {
    // a capital first letter alone is a sentence's: "Did", "It", "So" stay words
    expect(acronymPairs('Did my expenses get approved')).toEqual([]);
    expect(acronymPairs('It keeps crashing')).toEqual([]);
    expect(acronymPairs('So how do I book leave')).toEqual([]);
    expect(acronymPairs('IT ticket status')).toContain('it -> information technology');
    expect(acronymPairs('DID number for the new starter')).toContain('did -> direct inward dialing');
    // a mixed-case key written as it is, and the plural of a key in capitals
    expect(acronymPairs('CoP meeting notes')[0]).toMatch(/^cop -> /);
    expect(acronymPairs('open PRs on main', 'engineering')).toContain('prs -> pull requests');
  });

  it('acronyms: a common lower-case word is never read as an acronym plural ("bias" is not BIAs)', () => {
    expect(acronymPairs('unconscious bias workshop', 'hr')).toEqual([]);
    expect(acronymPairs('Bias in hiring', 'hr')).toEqual([]);
    expect(acronymPairs('UNCONSCIOUS BIAS TRAINING', 'hr')).toEqual([]);
    expect(acronymPairs('BIAs for the payroll system', 'technical')).toContain('bias -> business impact analyses');
    expect(acronymPairs('kpis for q3')).toContain('kpis -> key performance indicators');
  });

  it('acronyms: a spelled-out long form is a unit and is offered its acronym, plural kept', () => {
    const s = stateFor('signed non-disclosure agreement template', { index: lexIndex });
    expect(detectUnits(s, [])).toContainEqual({ tokStart: 1, tokEnd: 3 });
    matchAcronyms(s);
    expect(pairs(s)).toContain('non-disclosure agreement -> NDA');
    const k = stateFor('key performance indicators for marketing', { index: lexIndex });
    matchAcronyms(k);
    expect(pairs(k)).toContain('key performance indicators -> KPIs');
  });

  it('acronyms: a hyphenated long form is found written open, and an open one written hyphenated', () => {
    const open = stateFor('account based marketing target list', { index: lexIndex, domain: 'marketing' });
    expect(detectUnits(open, [])).toContainEqual({ tokStart: 0, tokEnd: 3 });
    matchAcronyms(open);
    expect(pairs(open)).toContain('account based marketing -> ABM');
    expect(acronymPairs('non disclosure agreement template', 'legal')).toContain('non disclosure agreement -> NDA');
    // the lexicon writes "point of sale" open: the query's hyphens are read as spaces
    expect(acronymPairs('point-of-sale terminal', 'sales')).toContain('point-of-sale -> POS');
  });

  it('acronyms: a long form in the other spelling variety; a two-letter acronym only in its own domain', () => {
    expect(acronymPairs('search engine optimisation agency')).toContain('search engine optimisation -> SEO');
    expect(acronymPairs('purchase order status', 'procurement')).toContain('purchase order -> PO');
    expect(acronymPairs('purchase order status')).not.toContain('purchase order -> PO');
  });

  it('acronyms: a long form is offered in the other spelling variety too, just after the form the lexicon lists', () => {
    const s = stateFor('EAP counselling sessions', { index: lexIndex, domain: 'hr' });
    matchAcronyms(s);
    const [listed, variant] = s.builder.candidates.filter((c) => c.replacement.startsWith('employee assistance'));
    expect([listed.replacement, variant.replacement]).toEqual(['employee assistance program', 'employee assistance programme']);
    expect(variant.raw).toBeLessThan(listed.raw);
    expect(variant.useSynonym).toBe('employee assistance programme');
    // "program" is never "programme" for software, in a technical request or for a technical sense
    expect(acronymPairs('i18n support', 'engineering')).toEqual(['i18n -> internationalization', 'i18n -> internationalisation']);
    expect(acronymPairs('EAP for the office wifi', 'technical').filter((p) => p.includes('programme'))).toEqual([]);
  });

  it('units: a listed compound inside a longer one is a nested unit of its own, never split further', () => {
    const s = stateFor('mutual non-disclosure agreement', { index: lexIndex });
    const units = detectUnits(s, []);
    expect(units).toEqual([{ tokStart: 0, tokEnd: 3 }, { tokStart: 1, tokEnd: 3, nested: true }]);
    s.units = units;
    matchAcronyms(s);
    expect(pairs(s)).toEqual(expect.arrayContaining(['mutual non-disclosure agreement -> MNDA', 'non-disclosure agreement -> NDA']));
    // two-word compounds have no nested units: "unit test" is never "unit" + "test"
    expect(detectUnits(stateFor('unit test coverage', { index: lexIndex }), []).filter((u) => u.nested)).toEqual([]);
  });

  it('units: a WordNet phrasal verb is a unit only where its first word is read as a verb', () => {
    const wn = WordNetIndex.fromSenses([
      ['lift out', 'verb', [['remove']]],
      ['cash flow', 'noun', [['cash flows']]],
    ]);
    const verb = stateFor('lift out the old server', { wordnet: wn, thesaurus: new Thesaurus({ sets: [] }) });
    expect(detectUnits(verb, [])[0]).toEqual({ tokStart: 0, tokEnd: 2 });
    const noun = stateFor('lift out of order', { wordnet: wn, thesaurus: new Thesaurus({ sets: [] }) });
    noun.analysis.tokens[0].wordClass = 'noun'; // as retagInitialNoun reads it with a lexicon that knows lift as a noun only
    expect(detectUnits(noun, [])[0]).toEqual({ tokStart: 0, tokEnd: 1 });
    // a noun collocation stays a unit whatever the tagger says
    expect(detectUnits(stateFor('cash flow forecast', { wordnet: wn, thesaurus: new Thesaurus({ sets: [] }) }), [])[0]).toEqual({ tokStart: 0, tokEnd: 2 });
  });

  it('spelling: the other variety\'s spelling of any word, but no "programme" for software', () => {
    const s = stateFor('open source licence optimisation', { index: lexIndex });
    matchSpelling(s);
    expect(pairs(s)).toEqual(['licence -> license', 'optimisation -> optimization']);
    const tech = stateFor('program install', { index: lexIndex, domain: 'technical' });
    matchSpelling(tech);
    expect(pairs(tech)).toEqual([]);
    const biz = stateFor('graduate program', { index: lexIndex, domain: 'hr' });
    matchSpelling(biz);
    expect(pairs(biz)).toEqual(['program -> programme']);
  });

  it('spelling: no variant that is another word or another part of speech ("draught" contract, "best practise")', () => {
    const variants = (q: string) => {
      const s = stateFor(q, { index: lexIndex });
      matchSpelling(s);
      return pairs(s);
    };
    expect(variants('draft contract review')).toEqual([]);
    expect(variants('parking meter broken')).toEqual([]);
    expect(variants('licensed software list')).toEqual([]);
    // British spells the noun "licence" and the verb "practise"
    expect(variants('software license renewal')).toEqual(['license -> licence']);
    expect(variants('how to license the software')).toEqual([]);
    expect(variants('best practice guide')).toEqual([]);
    expect(variants('practice the pitch')).toEqual(['practice -> practise']);
  });

  it('spelling: a noun in -ment follows its verb\'s spelling when the table lacks it and the form is in use', () => {
    const variants = (q: string) => {
      const s = stateFor(q, { index: lexIndex });
      matchSpelling(s);
      return pairs(s);
    };
    expect(variants('benefits enrollment deadline')).toEqual(['enrollment -> enrolment']);
    expect(variants('enrolments open')).toEqual(['enrolments -> enrollments']);
    // no verb with a variant, no derived form: "payment" stays
    expect(variants('payment run')).toEqual([]);
  });

  it('abbreviations: lexicon abbreviations only', () => {
    const s = stateFor('mgmt approval', { index: lexIndex });
    matchAbbreviations(s);
    expect(pairs(s)).toEqual(['mgmt -> management']);
    // the verb of a phrasal-verb unit (here WordNet's "opt out") is not a clipped word; a clipped
    // word tagged as a verb is still read before another word or a particle it makes no phrasal verb with
    const wordnet = WordNetIndex.fromSenses([['opt out', 'verb', [['opt out', 'choose out']]]]);
    const abbreviations = (query: string) => {
      const st = stateFor(query, { index: lexIndex, wordnet });
      matchAbbreviations(st);
      return pairs(st);
    };
    expect(abbreviations('pension opt out form')).not.toContain('opt -> option');
    expect(abbreviations('opt codes for the pension scheme')).toContain('opt -> option');
    expect(abbreviations('prod deploy freeze dates')).toContain('prod -> production');
    expect(abbreviations('is prod down again')).toContain('prod -> production');
  });

  it('thesaurus: members of the set of the word\'s part of speech, inflected like it', () => {
    const th = new Thesaurus({ sets: [{ terms: ['laptop', 'notebook'], pos: 'noun', domain: 'it' }, { terms: ['approve', 'sign off'], pos: 'verb', domain: 'general' }] });
    const s = stateFor('laptops keep crashing', { thesaurus: th });
    matchThesaurus(s);
    expect(pairs(s)).toEqual(['laptops -> notebooks']);
    const v = stateFor('approved invoices', { thesaurus: th });
    matchThesaurus(v);
    expect(pairs(v)).toEqual(['approved -> signed off']);
    // an adjective phrase keeps its own form: "not working" -> "out of order", never "outing of order"
    const adj = new Thesaurus({ sets: [{ terms: ['not working', 'out of order'], pos: 'adj', domain: 'general' }] });
    const a = stateFor('printer not working', { thesaurus: adj });
    matchThesaurus(a);
    expect(pairs(a)).toEqual(['not working -> out of order']);
  });

  it('thesaurus: a noun or adjective wording is offered in the other spelling variety too, just after it; a verb is not', () => {
    const th = new Thesaurus({ sets: [{ terms: ['reorg', 'reorganization'], pos: 'noun', domain: 'general' }, { terms: ['permit', 'license'], pos: 'verb', domain: 'general' }] });
    const s = stateFor('latest reorg announcement', { thesaurus: th });
    matchThesaurus(s);
    expect(pairs(s)).toEqual(['reorg -> reorganization', 'reorg -> reorganisation']);
    const [listed, variant] = s.builder.candidates;
    expect(variant.raw).toBeLessThan(listed.raw);
    expect(variant.useSynonym).toBe('reorganisation');
    const v = stateFor('who can permit access', { thesaurus: th });
    matchThesaurus(v);
    expect(pairs(v)).toEqual(['permit -> license']);
  });

  it('thesaurus: an acronym is chained through its expansion\'s set, no likelier than its sense, and plural like it', () => {
    const th = new Thesaurus({
      sets: [
        { terms: ['non-disclosure agreement', 'confidentiality agreement'], pos: 'noun', domain: 'legal' },
        { terms: ['sales development representative', 'sales development rep'], pos: 'noun', domain: 'sales' },
        { terms: ['NDA', 'nondisclosure pact'], pos: 'noun', domain: 'legal' },
        { terms: ['first half', 'first half of the year'], pos: 'noun', domain: 'finance' },
        { terms: ['purchase requisition', 'requisition'], pos: 'noun', domain: 'procurement' },
        { terms: ['capital expenditure', 'capex', 'capital spending'], pos: 'noun', domain: 'finance' },
      ],
    });
    const chained = (query: string, domain?: string, model?: { bias: number }) => {
      const s = stateFor(query, { index: lexIndex, thesaurus: th, domain });
      if (model) s.thesaurusModel = { bias: model.bias, weights: {} };
      matchAcronyms(s);
      matchThesaurus(s);
      return s.builder.candidates.filter((c) => c.features.chained === 1);
    };
    const [nda] = chained('NDA template', 'legal');
    expect(nda).toMatchObject({ source: 'thesaurus', replacement: 'confidentiality agreement', useTerm: 'NDA', useSynonym: 'confidentiality agreement' });
    expect(nda.span.surface).toBe('NDA');
    expect(nda.features.via).toBe('non-disclosure agreement');
    // with a fitted model that is certain of the set, the pair is as likely as the sense and no likelier
    const [sure] = chained('NDA template', 'legal', { bias: 20 });
    expect(sure.raw).toBeLessThanOrEqual(Number(sure.features.sense_score) + 1e-9);
    expect(sure.raw).toBeGreaterThan(0.99 * Number(sure.features.sense_score));
    expect(chained('SDRs comp plan', 'sales').map((c) => c.replacement)).toEqual(['sales development reps']);
    // only what the acronym lexicon proposed is chained
    const bare = stateFor('NDA template', { index: lexIndex, thesaurus: th, domain: 'legal' });
    matchThesaurus(bare);
    expect(bare.builder.candidates.filter((c) => c.features.chained === 1)).toEqual([]);
    // never a long form offered its acronym ("NDA", whose own set is listed), nor a period code's wording
    expect(chained('non-disclosure agreement template', 'legal')).toEqual([]);
    expect(chained('H1 results', 'finance')).toEqual([]);
    // only the sense the request ranks first: PR in engineering is a pull request, in procurement a requisition
    expect(chained('PR approval for new laptops', 'engineering')).toEqual([]);
    expect(chained('PR approval for new laptops', 'procurement').map((c) => c.replacement)).toEqual(['requisition']);
    // a set that lists the query's own word reached it as a unit, not through the chain
    expect(chained('capex approval', 'finance')).toEqual([]);
  });

  it('thesaurus: an acronym\'s chained wordings are synonyms, offered when synonym_expansion is the only strategy', () => {
    const thesaurus = new Thesaurus({ sets: [{ terms: ['non-disclosure agreement', 'confidentiality agreement'], pos: 'noun', domain: 'legal' }] });
    const shown = (strategies: ExpansionType[]) =>
      expand(lexIndex, req('NDA template', { domain: 'legal', enabledStrategies: strategies }), { thesaurus }).map((r) => `${r.expansion_type}: ${r.expanded_query}`);
    expect(shown(['synonym_expansion'])).toContain('synonym_expansion: confidentiality agreement template');
    // the acronym lexicon ran for the chain, but its own expansion is an acronym_expansion, not shown here
    expect(shown(['synonym_expansion']).some((r) => r.includes('non-disclosure agreement template'))).toBe(false);
    expect(shown(['acronym_expansion'])).not.toContain('synonym_expansion: confidentiality agreement template');
  });

  it('thesaurus: a member the file writes with capitals is shown as written', () => {
    const th = new Thesaurus({ sets: [{ terms: ['PostgreSQL', 'Postgres'], pos: 'noun', domain: 'it' }] });
    const s = stateFor('postgres dump restore', { thesaurus: th });
    matchThesaurus(s);
    expect(s.builder.candidates.map((c) => [c.replacement, c.useSynonym])).toEqual([['PostgreSQL', 'postgresql']]);
  });

  it('thesaurus model feature "clipped": one wording is the other with words shortened', () => {
    expect(clipped('mat leave', 'maternity leave')).toBe(true);
    expect(clipped('env vars', 'environment variables')).toBe(true);
    expect(clipped('Reorg', 'reorganisation')).toBe(true);
    expect(clipped('comms', 'communications')).toBe(true);
    expect(clipped('user acceptance test', 'user acceptance testing')).toBe(true);
    // a different word, a common word spelt with some letters of another, a different word count, or the same wording
    // are not
    expect(clipped('handoff', 'handover')).toBe(false);
    expect(clipped('stale deal', 'stalled deal')).toBe(false);
    expect(clipped('cost per action', 'cost per acquisition')).toBe(false);
    expect(clipped('org chart', 'organization chart structure')).toBe(false);
    expect(clipped('laptop', 'notebook')).toBe(false);
    expect(clipped('leave', 'leave')).toBe(false);
    const th = new Thesaurus({ sets: [{ terms: ['maternity leave', 'mat leave', 'pregnancy leave'], pos: 'noun', domain: 'hr' }] });
    const s = stateFor('mat leave pay', { thesaurus: th });
    matchThesaurus(s);
    expect(s.builder.candidates.map((c) => `${c.replacement}: ${String(c.features?.clipped)}`)).toEqual(['maternity leave: 1', 'pregnancy leave: 0']);
  });

  it('thesaurus model feature "same_letters": one wording is the other written open, closed or hyphenated', () => {
    expect(sameLetters('payslip', 'pay slip')).toBe(true);
    expect(sameLetters('cutoff', 'cut-off')).toBe(true);
    expect(sameLetters('401k', '401(k)')).toBe(true);
    expect(sameLetters('Trade show', 'tradeshow')).toBe(true);
    // other letters, a shortening, or the same wording are not
    expect(sameLetters('handoff', 'handover')).toBe(false);
    expect(sameLetters('perf review', 'performance review')).toBe(false);
    expect(sameLetters('rota', 'rota')).toBe(false);
    expect(sameLetters('--', '..')).toBe(false);
    const th = new Thesaurus({ sets: [{ terms: ['payslip', 'pay slip', 'salary slip'], pos: 'noun', domain: 'hr' }] });
    const s = stateFor('where is my payslip', { thesaurus: th });
    matchThesaurus(s);
    expect(s.builder.candidates.map((c) => `${c.replacement}: ${String(c.features?.same_letters)}`)).toEqual(['pay slip: 1', 'salary slip: 0']);
    // an open wording in the query may be an ordinary phrase: only the query's one word counts as written otherwise
    const nl = new Thesaurus({ sets: [{ terms: ['newline', 'new line', 'line break'], pos: 'noun', domain: 'engineering' }] });
    const open = stateFor('new line manager', { thesaurus: nl });
    matchThesaurus(open);
    expect(open.builder.candidates.map((c) => `${c.replacement}: ${String(c.features?.same_letters)}`)).toContain('newline: 0');
    const closed = stateFor('newline in csv export', { thesaurus: nl });
    matchThesaurus(closed);
    expect(closed.builder.candidates.map((c) => `${c.replacement}: ${String(c.features?.same_letters)}`)).toContain('new line: 1');
  });

  it('thesaurus: a hyphenated noun is found where the query writes it open, but a phrasal verb stays a verb', () => {
    const th = new Thesaurus({
      sets: [
        { terms: ['self-appraisal', 'self-assessment'], pos: 'noun', domain: 'hr' },
        { terms: ['sign-off', 'approval'], pos: 'noun', domain: 'general' },
        { terms: ['how-to guide', 'step-by-step guide'], pos: 'noun', domain: 'general' },
        { terms: ['all-hands meeting', 'town hall'], pos: 'noun', domain: 'general' },
      ],
    });
    const open = stateFor('self appraisal examples', { thesaurus: th });
    open.units = detectUnits(open, []);
    expect(open.units[0]).toEqual({ tokStart: 0, tokEnd: 2 });
    matchThesaurus(open);
    expect(pairs(open)).toEqual(['self appraisal -> self-assessment']);
    // "sign off" written open is the verb; two function words begin a clause, never the noun "how-to guide"
    for (const q of ['who can sign off my expenses', 'how to guide new hires']) {
      const s = stateFor(q, { thesaurus: th });
      s.units = detectUnits(s, []);
      matchThesaurus(s);
      expect(pairs(s)).toEqual([]);
    }
    // one function word is no clause: "all hands meeting" is the meeting
    const allHands = stateFor('all hands meeting notes', { thesaurus: th });
    allHands.units = detectUnits(allHands, []);
    matchThesaurus(allHands);
    expect(pairs(allHands)).toEqual(['all hands meeting -> town hall']);
    // written as listed it is found as before
    const hyphen = stateFor('sign-off needed', { thesaurus: th });
    hyphen.units = detectUnits(hyphen, []);
    matchThesaurus(hyphen);
    expect(pairs(hyphen)).toEqual(['sign-off -> approval']);
  });

  it('thesaurus: a set with context words applies only with evidence or a matching domain', () => {
    const th = new Thesaurus({ sets: [{ terms: ['holiday', 'vacation'], pos: 'noun', domain: 'hr', context_words: ['leave', 'request', 'book'] }] });
    const none = stateFor('public holiday calendar', { thesaurus: th });
    matchThesaurus(none);
    expect(pairs(none)).toEqual([]);
    const ctx = stateFor('holiday request', { thesaurus: th });
    matchThesaurus(ctx);
    expect(pairs(ctx)).toEqual(['holiday -> vacation']);
    const dom = stateFor('holiday calendar', { thesaurus: th, domain: 'hr' });
    matchThesaurus(dom);
    expect(pairs(dom)).toEqual(['holiday -> vacation']);
  });

  it('context: an acronym the conversation spells out', () => {
    const s = stateFor('PFM status', { context: ['Update on Project Falcon Migration (PFM) for the board'] });
    matchContext(s);
    expect(pairs(s)).toEqual(['pfm -> project falcon migration']);
  });

  it('WordNet: dominant sense of the tagged part of speech, no phrasal verbs, no rare or proper-noun members', () => {
    const wn = WordNetIndex.fromSenses([
      ['leave', 'noun', [['leave of absence'], ['farewell', 'parting']], [2, 0]],
      ['leave', 'verb', [['go forth', 'depart']], [146]],
      ['handbook', 'noun', [['enchiridion', 'manual']], [0]],
    ]);
    const noun = stateFor('holiday leave request', { wordnet: wn });
    matchWordNet(noun);
    expect(pairs(noun)).toEqual([]); // inside a noun compound: never expanded by WordNet
    const verb = stateFor('leave early today', { wordnet: wn });
    matchWordNet(verb);
    expect(pairs(verb)).toEqual(['leave -> depart']);
    const rare = stateFor('the handbook', { wordnet: wn });
    matchWordNet(rare);
    expect(pairs(rare)).toEqual(['handbook -> manual']);
  });

  it('the shipped thesaurus is found by default', () => {
    expect(defaultThesaurus().setCount).toBeGreaterThanOrEqual(1500);
  });
});

describe('orthography and number formats', () => {
  const lexIndex2 = ExpansionIndex.build([], loadLexicons());

  it('spelling: a hyphenated or open compound is offered its closed form when that is a word', () => {
    const s = stateFor('payroll cut off date and wi-fi', { index: lexIndex2, thesaurus: defaultThesaurus() }); // "wifi" is a thesaurus word
    matchSpelling(s);
    expect(pairs(s)).toEqual(expect.arrayContaining(['cut off -> cutoff', 'wi-fi -> wifi']));
    const login = stateFor('cannot log in to the portal', { index: lexIndex2 });
    matchSpelling(login);
    expect(pairs(login)).toEqual([]); // a verb and its particle are not a closed noun
    // a function word that is no particle, or a word in capitals, never joins ("IP so" is no "ipso")
    const ip = stateFor('how do i find my IP so they can whitelist it', { index: lexIndex2 });
    matchSpelling(ip);
    expect(pairs(ip).filter((p) => p.includes('ipso'))).toEqual([]);
    const handoff = stateFor('hand off to support', { index: lexIndex2 });
    matchSpelling(handoff);
    expect(pairs(handoff)).toContain('hand off -> handoff');
    // a word that opens a listed compound with the next one belongs to it: "new line manager" is no "newline manager"
    const manager = stateFor('new line manager', { index: lexIndex2, thesaurus: defaultThesaurus() });
    matchSpelling(manager);
    expect(pairs(manager)).toEqual([]);
    const newline = stateFor('new line in csv export', { index: lexIndex2, thesaurus: defaultThesaurus() });
    matchSpelling(newline);
    expect(pairs(newline)).toContain('new line -> newline');
    const standby = stateFor('stand by rota', { index: lexIndex2 });
    matchSpelling(standby);
    expect(pairs(standby)).toContain('stand by -> standby');
    // capitals mark an acronym only where the query is not written all in capitals
    const shouted = stateFor('HAND OFF TO SUPPORT', { index: lexIndex2 });
    matchSpelling(shouted);
    expect(pairs(shouted)).toContain('hand off -> handoff');
    const acronym = stateFor('hand OFF to support', { index: lexIndex2 });
    matchSpelling(acronym);
    expect(pairs(acronym)).toEqual([]);
  });

  it('patterns: building levels in their other two forms', () => {
    const s = stateFor('printer not working on floor 3', { index: lexIndex2 });
    matchPatterns(s);
    expect(pairs(s)).toEqual(['floor 3 -> 3rd floor', 'floor 3 -> third floor']);
    const o = stateFor('first aiders 2nd floor', { index: lexIndex2 });
    matchPatterns(o);
    expect(pairs(o)).toEqual(['2nd floor -> floor 2', '2nd floor -> second floor']);
    const w = stateFor('kitchen on the fifth floor', { index: lexIndex2 });
    matchPatterns(w);
    expect(pairs(w)).toEqual(['fifth floor -> floor 5', 'fifth floor -> 5th floor']);
  });

  it('patterns: thousands, percentages and counts in their other written forms', () => {
    const forms = (q: string) => {
      const s = stateFor(q, { index: lexIndex2 });
      matchPatterns(s);
      return s.builder.candidates.map((c) => `${c.span.surface} -> ${c.replacement}`);
    };
    expect(forms('three quotes rule for purchases over 10k')).toEqual(['three -> 3', '10k -> 10,000', '10k -> 10000']);
    expect(forms('contracts over $250K')).toEqual(['250K -> 250,000', '250K -> 250000']);
    // thousands only for an amount: "401k" is a retirement plan, "4k" a resolution, "5k" a race, "1,5k" a decimal
    expect(forms('over 401k')).toEqual([]);
    expect(forms('4k monitor not working')).toEqual([]);
    expect(forms('5k charity run')).toEqual([]);
    expect(forms('budget over 1,5k')).toEqual([]);
    expect(forms('discount approval over 20%')).toEqual(['20% -> 20 percent', '20% -> 20 per cent']);
    // the sign must end the word
    expect(forms('20%off coupon')).toEqual([]);
    expect(forms('20%+ growth')).toEqual([]);
    expect(forms('2 monitors for home office')).toEqual(['2 -> two']);
    // a count only before a plural noun and not after a noun it labels; "one" stays as written
    expect(forms('windows 11 upgrade')).toEqual([]);
    expect(forms('version 2 docs')).toEqual([]);
    expect(forms('page 2 results')).toEqual([]);
    expect(forms('one day sick leave')).toEqual([]);
  });

  it('patterns: a percentage is replaced with its sign in the expanded query', () => {
    const s = stateFor('discount approval over 20% for renewals', { index: lexIndex2 });
    matchPatterns(s);
    const [c] = s.builder.candidates;
    expect(s.analysis.text.slice(0, c.span.charStart) + c.replacement + s.analysis.text.slice(c.span.charEnd)).toBe('discount approval over 20 percent for renewals');
  });
});

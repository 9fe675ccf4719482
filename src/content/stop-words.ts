/**
 * Common English stop words, left out of the focus keywords shown in remediation. Written without
 * apostrophes because keywords have their punctuation stripped before the comparison ("don't" is
 * compared as "dont"). Only words longer than 3 letters matter, but short ones are kept so the list
 * stays a plain, reusable stop-word list.
 */
const words = `
a about above after again against all almost along already also although always am among an and
another any anyone anything are around as at be became because become been before being below
between both but by can cannot could did do does doing done down during each either else enough
even ever every few for from further get gets getting give given gives go goes going had has have
having he her here hers herself him himself his how however i if in into is it its itself just
least less like made make makes many may me might more most much must my myself near need needs
neither never next no nor not now of off often on once one only onto or other others otherwise our
ours ourselves out over own per perhaps rather same several shall she should since so some
something such than that the their theirs them themselves then there these they this those though
through thus to too toward towards under until up upon us very was we well were what whatever when
where whether which while who whom whose why will with within without would yet you your yours
yourself yourselves
arent cant couldnt didnt doesnt dont hadnt hasnt havent hed hes id ill im isnt itd itll ive
lets mightnt mustnt neednt shant shes shouldnt thats theres theyd theyll theyre theyve
wasnt well were weve werent whats whens wheres whos whys wont wouldnt youd youll youre youve
`;

/**
 * Words of the question-writing itself: nearly every stem says "Which action should the nurse take
 * first for the client?", so as keywords they would crowd out the clinical words worth reviewing.
 */
const itemWritingWords = `
action actions appropriate asks best client clients correct first following incorrect indicate
indicates licensed nurse nurses nursing patient patients practical priority reference response
responses says statement statements take takes tells
`;

/**
 * More NCLEX boilerplate, left out of the focus keywords only: the setting, the age, the reporting
 * verbs of a stem ("A 72-year-old client admitted to the unit reports…"). The bank's near-duplicate
 * check (scripts/lib/near-duplicates.ts) keeps the shorter list its judgments were made with.
 */
const stemBoilerplate = `
admitted admits admission comes came arrives arrived unit facility setting room assigned assigning
care caring cares longterm yearold yearolds monthold weekold dayold hours days weeks months years
reinforce reinforces reinforcing reinforced instruct instruction instructions teaching teach
finding findings data report reports reported shows noted notes notices understanding understands
prescribed provider providers accurate suggest suggests suggestion suggestions plan planning expected
answer answers asking asked information thing things watch consistent current currently needs
collect collects started starts keeps kept yesterday today tonight morning evening night later
wants wanted explain explains explained question questions describe describes
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(
  `${words} ${itemWritingWords}`.split(/\s+/).filter(Boolean),
);

/** The words never shown as remediation's focus keywords (numbers are dropped by the rule itself). */
export const FOCUS_STOP_WORDS: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  ...stemBoilerplate.split(/\s+/).filter(Boolean),
]);

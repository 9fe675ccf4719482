/**
 * Remediation prompts shown under incorrect practice questions, one per NCLEX-PN client-need
 * category (the categories of the question bank), plus a generic one for questions without a
 * category or with a category not listed here.
 */
export const remediationPrompts: Readonly<Record<string, string>> = {
  'Coordinated Care':
    'Review the PN scope of practice: what you may assign to assistive personnel, what stays with the RN, and how client rights, consent and confidentiality shape the right action.',
  'Safety & Infection Control':
    'Review standard and transmission-based precautions (contact, droplet, airborne), fall and restraint safety, and the order of actions when an error or hazard is found.',
  'Health Promotion & Maintenance':
    'Review growth and development milestones, prenatal and newborn care, immunization schedules and screening ages, and how to reinforce teaching on healthy habits.',
  'Psychosocial Integrity':
    'Review therapeutic communication (open questions, reflecting feelings, no false reassurance), signs of abuse and suicide risk, and how to respond to anxiety, grief and confusion.',
  'Basic Care & Comfort':
    'Review positioning, mobility and assistive devices, nutrition and elimination needs, skin care and pressure-injury prevention, and non-drug comfort measures.',
  'Pharmacological Therapies':
    'Review the drug class, its expected and adverse effects, the checks to make before giving it (vital signs, labs, allergies), the rights of administration and what to reinforce in teaching.',
  'Reduction of Risk Potential':
    'Review normal lab values and vital-sign ranges, care before and after procedures and surgery, and the early changes in a client’s condition that must be reported.',
  'Physiological Adaptation':
    'Review the pathophysiology of the condition, the signs of deterioration and of a medical emergency, fluid and electrolyte imbalances, and which finding needs action first.',
};

export const genericRemediationPrompt =
  'Reread the question and the rationale, name the client need it tests, and review that topic: what to check first, what to report, and what to reinforce with the client.';

/** The prompt for a question's category, or the generic one. */
export function remediationPrompt(category: string | null | undefined): string {
  return (category && remediationPrompts[category]) || genericRemediationPrompt;
}

/** What practice needs from the question bank (src/services/practice.service.ts implements it). */

export interface PracticeOption {
  id: string;
  label: string;
  is_correct: boolean;
}

export interface PracticeQuestion {
  id: string;
  stem: string;
  category: string | null;
  options: PracticeOption[];
  /** Extra help shown under incorrect items after submission (the bank provides it). */
  rationale?: string | null;
}

/** What a set draws from: the whole bank (unseen questions first), the weakest category, or past misses. */
export type PracticeFocus = 'mixed' | 'weakest' | 'missed';

export interface PracticePort {
  checkEntitlement(userId: string): Promise<boolean>;
  loadQuestions(limit: number, focus: PracticeFocus): Promise<PracticeQuestion[]>;
}

/** A submitted set as the backend records it: the questions in the order shown and the choices. */
export interface PracticeSetRecord {
  /** Generated on the device, so a retried submission is stored once. */
  setId: string;
  userId: string;
  questionIds: string[];
  chosenOptionIds: string[];
  layout: 'one' | 'all';
  focus: PracticeFocus;
  startedAt: string;
  submittedAt: string;
}

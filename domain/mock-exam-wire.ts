/**
 * The mock exam as the `mock-exam` function sends it (supabase/functions/mock-exam/handler.ts) and
 * the app reads it (machines/mock-exam/mock-exam.ports.ts): the exam's clock and count, and the item
 * on screen, which is what a candidate sees and nothing that grades it. One definition for both
 * sides; types only, so the Deno function imports it as it imports the rest of domain/.
 *
 * `NgnShape` is the NGN item's type on each side: the function sends the item with its key stripped
 * (a plain record); the app turns it into an NgnItem with neutral placeholders for the key.
 */

/** The case study an NGN item belongs to, and which of its six steps is on screen (1–6). */
export interface ShownCaseStudy {
  id: string;
  title: string;
  intro: string;
  step: number;
}

export type ShownItem<NgnShape> =
  | {
      ordinal: number;
      token: string;
      itemId: string;
      bank: 'classic';
      stem: string;
      options: { id: string; label: string }[];
    }
  | {
      ordinal: number;
      token: string;
      itemId: string;
      bank: 'ngn';
      item: NgnShape;
      caseStudy: ShownCaseStudy | null;
    };

/** The student's exam as the server keeps it: its clock, how far it has gone, the item on screen. */
export interface ExamView<NgnShape> {
  id: string;
  status: 'in_progress' | 'finished';
  timeLimitSeconds: number;
  /** Seconds left by the server's clock when it answered (0 once finished). */
  timeLeftSeconds: number;
  itemsAnswered: number;
  /** The item on screen; null once the exam has ended. */
  item: ShownItem<NgnShape> | null;
}

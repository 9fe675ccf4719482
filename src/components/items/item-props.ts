import type { NgnResponse } from '../../../domain/ngn-scoring';

/** What every item view gets: the item's response and the two questions it asks the session. */
export interface ItemInteraction {
  response: NgnResponse;
  /** Whether this pick is allowed now (the session's rule; false once the item is locked). */
  canPick(groupId: string, choiceId: string): boolean;
  onPick(groupId: string, choiceId: string): void;
  /**
   * Striking out choices (custom tests only): visual, the choice stays selectable. Offered on the
   * items whose choices are a plain list (select all / select N); absent everywhere else.
   */
  strikeOut?: { struck: string[]; onStrike(choiceId: string): void };
}

/** The picks of one part of the item. */
export const picksIn = (response: NgnResponse, groupId: string): string[] => response[groupId] ?? [];

/** The parts of a cloze template: text and numbered blanks (`{{1}}`) in reading order. */
export function templateParts(template: string): Array<{ text: string } | { blank: string }> {
  return template
    .split(/(\{\{\w+\}\})/)
    .filter((part) => part !== '')
    .map((part) => {
      const blank = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      return blank ? { blank } : { text: part };
    });
}

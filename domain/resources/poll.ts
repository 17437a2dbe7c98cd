import { z } from 'zod';
import { at } from '../navigation';
import { PATTERNS } from '../validation';
import { defineResource, type StaticOption } from './define';
import { intIn, requiredId, text } from './fields';
import { soundField } from './sound-fields';

const words = (max: number, optional = false) => text(max, { pattern: PATTERNS.wordSpace, message: 'validation.wordSpace' }, optional);

/** Polls (C-POL-01..07): name and description letters, digits, underscore and space; the audio (C-POL-04). Multipart Name, Sound, Description. */
export const pollSchema = z.object({ name: words(50), description: words(100, true) });

/** C-POL-10: question orders 1 to 10 (0 is the placeholder, never a choice). */
export const QUESTION_ORDER_OPTIONS: StaticOption[] = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, labelKey: `polls.order.${i + 1}` }));

/**
 * Questions (C-POL-08..16): description, audio and order required (C-POL-09), order 1-10 (C-POL-10),
 * each order once in a poll (C-POL-11: the dialog disables the used ones, the server answers 406).
 * Multipart IdPoll, Name, Sound, OrderSequencial (C-POL-14).
 */
export const questionSchema = z.object({ idPoll: requiredId, name: text(100), orderSequencial: intIn(1, 10) });

export interface PollRow extends z.output<typeof pollSchema> {
  id: number;
  corpId: number;
  sound: string;
}
export interface QuestionRow extends z.output<typeof questionSchema> {
  id: number;
  corpId: number;
  sound: string;
}

export const pollResource = defineResource({
  name: 'poll',
  // F-PERM-08: the create button is always shown (the server still checks)
  createAlwaysShown: true,
  // F-ERR-19: a refused delete shows the mapped message (no server text)
  deleteFailure: { mapped: true, appendServerText: false },
  path: 'poll',
  view: 'polls',
  idField: 'id',
  corpScoped: true,
  fileFetchPath: 'poll/sounds',
  schema: () => pollSchema,
  defaults: () => ({ name: '', description: '' }),
  // C-POL-01: name, description, audio (the add-questions button is the child link to the questions)
  columns: [{ key: 'name' }, { key: 'description' }, { key: 'sound', format: 'file' }],
  fields: [{ name: 'name', kind: 'text' }, { name: 'description', kind: 'text' }, soundField('sound', { wide: true })],
  searchFields: ['name', 'description'],
  narrowPageSize: 4,
  nav: {
    key: 'polls',
    route: 'configuration/polls',
    icon: 'poll',
    titleKey: 'nav.polls',
    menu: [at(1, 'workingCorp', 70), at(3, 'config', 50)],
    aliases: ['polls'],
  },
});

export const questionResource = defineResource({
  name: 'question',
  path: 'question',
  view: 'polls',
  idField: 'id',
  corpScoped: true,
  // C-POL-02/08: the questions of one poll, with a back button to the polls
  parent: { resource: 'poll', field: 'idPoll', labelField: 'name', icon: 'poll', order: 1 },
  listErrorKey: 'polls.questionListFailed',
  fileFetchPath: 'question/getsound',
  schema: () => questionSchema,
  defaults: () => ({ name: '', orderSequencial: '' }),
  columns: [{ key: 'orderSequencial', format: 'number' }, { key: 'name' }, { key: 'sound', format: 'file' }],
  fields: [
    { name: 'name', kind: 'text', wide: true },
    { name: 'orderSequencial', kind: 'select', options: { kind: 'static', options: QUESTION_ORDER_OPTIONS }, uniqueAmongSiblings: true },
    // C-POL-09: 'Required' like the other fields
    soundField('sound', { requiredOnCreate: true, missingKey: 'validation.required' }),
  ],
  searchFields: ['name'],
  sort: { key: 'orderSequencial' },
  narrowPageSize: 4,
  nav: { key: 'questions', route: 'configuration/polls/questions', icon: 'poll', titleKey: 'nav.questions' },
});

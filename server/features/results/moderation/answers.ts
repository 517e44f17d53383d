import { htmlText } from '#contract/content';
import type { AnswerKey, AnswerValue, QuestionOption } from '#contract/questions';

/**
 * Answers compared as text: the same answer is the same string whatever order the options were ticked in or
 * however a short text was spaced or capitalised. '' is no answer.
 */
export function canonicalAnswer(value: AnswerValue | null | undefined): string {
  if (!value) return '';
  switch (value.type) {
    case 'single':
      return value.optionId == null ? '' : `o:${value.optionId}`;
    case 'multiple':
      return value.optionIds.length ? `m:${[...new Set(value.optionIds)].sort().join(',')}` : '';
    case 'true_false':
      return value.value == null ? '' : `b:${value.value}`;
    case 'numeric':
      return value.value == null || !Number.isFinite(value.value) ? '' : `n:${value.value}`;
    case 'short_text': {
      const text = value.text.normalize('NFC').toLowerCase().replace(/\s+/g, '');
      return text ? `t:${text}` : '';
    }
  }
}

const optionText = (options: QuestionOption[], id: string) => {
  const o = options.find((x) => x.id === id);
  return o ? o.text.trim() || `Option ${id}` : `Option ${id}`;
};

/** An answer as the learner saw it: the option's text, the number or the words. */
export function answerText(value: AnswerValue | null | undefined, options: QuestionOption[]): string {
  if (!value) return '';
  switch (value.type) {
    case 'single':
      return value.optionId == null ? '' : optionText(options, value.optionId);
    case 'multiple':
      return value.optionIds.map((id) => optionText(options, id)).join('; ');
    case 'true_false':
      return value.value == null ? '' : value.value ? 'True' : 'False';
    case 'numeric':
      return value.value == null ? '' : String(value.value);
    case 'short_text':
      return value.text.trim();
  }
}

/** The right answer, as the admin reads it. */
export function keyText(key: AnswerKey | null, options: QuestionOption[]): string {
  if (!key) return '';
  switch (key.type) {
    case 'single':
      return optionText(options, key.correct);
    case 'multiple':
      return key.correct.map((id) => optionText(options, id)).join('; ');
    case 'true_false':
      return key.correct ? 'True' : 'False';
    case 'numeric':
      return key.tolerance ? `${key.value} (± ${key.tolerance})` : String(key.value);
    case 'short_text':
      return key.accepted.join(' / ');
  }
}

/** A prompt's HTML as one line of plain text (contract/content.ts's htmlText), shortened. */
export function plainPrompt(html: string, max = 180): string {
  const text = htmlText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

import { Checkbox, NumberInput, Radio, Stack, Switch } from '@mantine/core';
import { AreasField } from './AreasField.js';
import { optionLetters, type QuestionForm, type Values } from './form-values.js';
import { GapTextField } from './GapTextField.js';
import { gapIdsOf, keyAreaIds, numberedIds, withBlanks } from './interaction-values.js';
import { ItemsField } from './ItemsField.js';
import { OrderField } from './OrderField.js';
import { PairsField, type PairSide } from './PairsField.js';

const letter = (i: number) => String.fromCharCode(65 + i);
const number = (i: number) => String(i + 1);

/** The words before a gap, for the key's row of that gap: "…the capital is ___". */
export function beforeGap(text: string, id: string): string {
  const at = text.search(new RegExp(`\\{\\{\\s*${id}\\s*\\}\\}`));
  if (at < 0) return '';
  const before = withBlanks(text.slice(0, at)).replace(/\s+/g, ' ').trim();
  const words = before.split(' ').slice(-5).join(' ');
  return `“${before.length > words.length ? '…' : ''}${words} ___”`;
}

/** The gaps of a gap match, each named by its place in the text. */
export const gapSides = (v: Values): PairSide[] =>
  gapIdsOf(v.gapText).map((id, i) => ({
    id,
    name: `Gap ${i + 1}`,
    detail: beforeGap(v.gapText, id),
    matchMax: v.targets.find((t) => t.id === id)?.matchMax,
  }));

/** A label, word or item as the key names it: its text, or its place in the list while it has none. */
const sides = (items: Values['options'] | Values['targets'], fallback: (i: number) => string): PairSide[] =>
  items.map((o, i) => ({ id: o.id, name: o.text.trim() || fallback(i), matchMax: o.matchMax }));

/** Shuffle the words, labels or choices for each learner (when the olympiad shuffles). */
function ShuffleSwitch({ form, what }: { form: QuestionForm; what: string }) {
  return (
    <Switch
      label={`Shuffle the ${what} for each learner`}
      description={`When the olympiad shuffles options. ${what[0]!.toUpperCase()}${what.slice(1)} kept in place stay where they are.`}
      checked={form.values.shuffle}
      onChange={(e) => form.setFieldValue('shuffle', e.currentTarget.checked)}
    />
  );
}

/**
 * What a question of one of the seven types of decision 084 is made of, with its key: areas on the picture, labels
 * and places, words and gaps, items in order, two columns to match, a sentence with one choice.
 */
export function InteractionFields({ form }: { form: QuestionForm }) {
  const v = form.values;
  switch (v.type) {
    case 'hotspot':
      return (
        <Stack>
          <Checkbox.Group
            value={v.correctHotspot}
            onChange={(ids) => form.setFieldValue('correctHotspot', ids)}
            error={form.errors.correctHotspot}
            aria-label="Right areas"
          >
            <AreasField
              form={form}
              list="options"
              title="Areas (tick each right one)"
              description="Draw each area a learner may choose, and name it for learners who use a keyboard or a screen reader."
              noun="area"
              ids={[...optionLetters]}
              mark={letter}
              named={{ label: 'Name', placeholder: 'What a screen reader says for it' }}
              marker={(id, name) => <Checkbox value={id} aria-label={`${name} is right`} />}
            />
          </Checkbox.Group>
          <NumberInput
            label="How many areas a learner may choose"
            description="0 for any number"
            min={0}
            max={20}
            allowDecimal={false}
            maw={320}
            {...form.getInputProps('maxChoices')}
          />
        </Stack>
      );
    case 'select_point':
      return (
        <AreasField
          form={form}
          list="keyAreas"
          title="Where a right point may be"
          description="A point a learner puts inside any of these areas is right. Learners do not see them."
          noun="key area"
          ids={keyAreaIds}
          mark={letter}
        />
      );
    case 'graphic_gap_match':
      return (
        <Stack>
          <ItemsField
            form={form}
            list="options"
            title="Labels"
            description="What learners put on the picture."
            noun="label"
            ids={[...optionLetters]}
            mark={letter}
            matchMax
            keepInPlace
          />
          <AreasField
            form={form}
            list="targets"
            title="Places on the picture"
            description="Draw each place a label goes. Its name is what a screen reader says for it: one that does not give the answer away."
            noun="place"
            ids={numberedIds('p')}
            mark={number}
            named={{ label: 'Name', placeholder: 'e.g. Place 1', first: (i) => `Place ${i + 1}` }}
          />
          <PairsField
            form={form}
            title="The right label for each place"
            rows={sides(v.targets, (i) => `Place ${i + 1}`)}
            choices={sides(v.options, (i) => `Label ${letter(i)}`)}
            rowsAre="targets"
            choiceNoun="label"
          />
          <ShuffleSwitch form={form} what="labels" />
        </Stack>
      );
    case 'gap_match':
      return (
        <Stack>
          <GapTextField form={form} single={false} />
          <ItemsField
            form={form}
            list="options"
            title="Words"
            description="The words learners put in the gaps, the wrong ones too."
            noun="word"
            ids={[...optionLetters]}
            matchMax
            keepInPlace
          />
          <PairsField
            form={form}
            title="The right word for each gap"
            rows={gapSides(v)}
            choices={sides(v.options, (i) => `Word ${i + 1}`)}
            rowsAre="targets"
            choiceNoun="word"
          />
          <ShuffleSwitch form={form} what="words" />
        </Stack>
      );
    case 'order':
      return <OrderField form={form} />;
    case 'match':
      return (
        <Stack>
          <ItemsField
            form={form}
            list="options"
            title="Left-hand items"
            noun="left-hand item"
            ids={[...optionLetters]}
            mark={letter}
            matchMax
            keepInPlace
          />
          <ItemsField
            form={form}
            list="targets"
            title="Right-hand items"
            noun="right-hand item"
            ids={numberedIds('r')}
            matchMax
          />
          <PairsField
            form={form}
            title="The right pairs"
            rows={sides(v.options, (i) => `Item ${letter(i)}`).map((s, i) => ({
              ...s,
              name: `${letter(i)}. ${s.name}`,
            }))}
            choices={sides(v.targets, (i) => `Item ${i + 1}`)}
            rowsAre="options"
            choiceNoun="match"
          />
          <ShuffleSwitch form={form} what="items" />
        </Stack>
      );
    case 'inline_choice':
      return (
        <Stack>
          <GapTextField form={form} single />
          <Radio.Group
            value={v.correctInline ?? ''}
            onChange={(id) => form.setFieldValue('correctInline', id)}
            error={form.errors.correctInline}
            aria-label="Right choice"
          >
            <ItemsField
              form={form}
              list="options"
              title="Choices (choose the right one)"
              noun="choice"
              ids={[...optionLetters]}
              mark={letter}
              marker={(id, name) => <Radio value={id} aria-label={`${name} is right`} />}
              keepInPlace
            />
          </Radio.Group>
          <ShuffleSwitch form={form} what="choices" />
        </Stack>
      );
    default:
      return null;
  }
}

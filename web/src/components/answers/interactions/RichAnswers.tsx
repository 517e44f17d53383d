import { GapMatchAnswer } from './GapMatchAnswer.js';
import { GraphicGapMatchAnswer } from './GraphicGapMatchAnswer.js';
import { HotspotAnswer } from './HotspotAnswer.js';
import { InlineChoiceAnswer } from './InlineChoiceAnswer.js';
import { MatchAnswer } from './MatchAnswer.js';
import { OrderAnswer } from './OrderAnswer.js';
import { SelectPointAnswer } from './SelectPointAnswer.js';
import type { InteractionProps } from './types.js';

/** The answer of a question that is more than a choice or a typed answer: on a picture, in a text, an order, pairs. */
export function RichAnswers(interaction: InteractionProps) {
  switch (interaction.question.type) {
    case 'hotspot':
      return <HotspotAnswer {...interaction} />;
    case 'select_point':
      return <SelectPointAnswer {...interaction} />;
    case 'graphic_gap_match':
      return <GraphicGapMatchAnswer {...interaction} />;
    case 'gap_match':
      return <GapMatchAnswer {...interaction} />;
    case 'order':
      return <OrderAnswer {...interaction} />;
    case 'match':
      return <MatchAnswer {...interaction} />;
    case 'inline_choice':
      return <InlineChoiceAnswer {...interaction} />;
    default:
      return null;
  }
}

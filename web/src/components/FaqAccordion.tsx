import { Accordion, Text, Typography } from '@mantine/core';

export interface FaqItem {
  id: number;
  question: string;
  /** Sanitised HTML (the server sanitises every answer before it is stored). */
  answer: string;
}

/**
 * Questions and answers as an accordion: the teacher portal's FAQ pages and a project's public /faq. `lang`: the
 * language the staff wrote them in, when the page may be in another (a project's language).
 */
export function FaqAccordion({ items, empty, lang }: { items: FaqItem[]; empty: string; lang?: string }) {
  if (!items.length) return <Text c="dimmed">{empty}</Text>;
  return (
    <Accordion
      lang={lang}
      variant="separated"
      multiple
      styles={{
        item: { backgroundColor: 'var(--mantine-color-white)', border: '1px solid var(--mantine-color-gray-3)' },
      }}
    >
      {items.map((f) => (
        <Accordion.Item key={f.id} value={String(f.id)}>
          <Accordion.Control>{f.question}</Accordion.Control>
          <Accordion.Panel>
            <Typography>
              <div dangerouslySetInnerHTML={{ __html: f.answer }} />
            </Typography>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

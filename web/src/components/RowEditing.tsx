import { Button, Group, Modal, type ModalProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { translate, useT } from '../lib/i18n/index.js';

/**
 * What a list page does to one of its rows (decision 050): the row's Edit and Remove buttons, and the modal that
 * adds or edits a record. The list itself is PagedTable under a PageHeader; these are the parts around it that
 * every list page with a form repeated.
 */

/** A list page's editor state: nothing open, a new record, or the record being edited. */
export type Editing<T> = T | 'new' | null;

/**
 * The actions cell of a row: Edit (when `onEdit`), any buttons of the page's own (`children`), then the remove
 * button (red, when `onRemove`), each named for the row (`Edit Soweto High`); "View only" when there is none.
 */
export function RowActions({
  name,
  onEdit,
  onRemove,
  removeLabel = translate('portal.common.delete'),
  removeDisabled = false,
  children,
}: {
  /** The row's name, for the buttons' accessible labels. */
  name: string;
  onEdit?: (() => void) | false | undefined;
  onRemove?: (() => void) | false | undefined;
  removeLabel?: string;
  removeDisabled?: boolean;
  children?: ReactNode;
}) {
  const t = useT();
  if (!onEdit && !onRemove && !children)
    return (
      <Text size="sm" c="dimmed">
        {t('portal.common.viewOnly')}
      </Text>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      {onEdit ? (
        <Button size="xs" variant="light" onClick={onEdit} aria-label={t('portal.common.editOne', { name })}>
          {t('portal.common.edit')}
        </Button>
      ) : null}
      {children}
      {onRemove ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          disabled={removeDisabled}
          onClick={onRemove}
          aria-label={`${removeLabel} ${name}`}
        >
          {removeLabel}
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The modal of a list page's form: open while `editing` is not null, titled for adding or editing, and its form
 * given the record (null for a new one).
 */
export function EditorModal<T>({
  editing,
  onClose,
  titles,
  size,
  children,
}: {
  editing: Editing<T>;
  onClose: () => void;
  /** The title when adding, and when editing (or a function of the record). */
  titles: { add: string; edit: string | ((record: T) => string) };
  size?: ModalProps['size'];
  children: (record: T | null) => ReactNode;
}) {
  const title =
    editing === 'new' || editing === null
      ? titles.add
      : typeof titles.edit === 'function'
        ? titles.edit(editing)
        : titles.edit;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} {...(size ? { size } : {})}>
      {editing !== null ? children(editing === 'new' ? null : editing) : null}
    </Modal>
  );
}

import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { LogoMark } from '../../components/icons.js';
import { useT } from '../../lib/i18n/index.js';

interface BrandProps {
  to?: string;
  /** Hide the word on narrow screens (the mark stays). */
  compact?: boolean;
  inverted?: boolean;
}

export function Brand({ to = '/', compact = false, inverted = false }: BrandProps) {
  const t = useT();
  return (
    <UnstyledButton component={Link} to={to} aria-label={t('common.brand.home')} style={{ borderRadius: 8 }}>
      <Group gap={10} wrap="nowrap">
        <LogoMark size={32} />
        <Text fw={800} fz={20} lts={-0.3} c={inverted ? 'white' : 'dark.8'} visibleFrom={compact ? 'sm' : undefined}>
          Olympus
        </Text>
      </Group>
    </UnstyledButton>
  );
}

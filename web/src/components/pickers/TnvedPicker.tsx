/**
 * Customs code (TN VED) picker (spec core §2 Shared): suggestions as the user types — digits are a code
 * prefix, text is matched against names (spec core §5) — and the tree (sections → groups → headings →
 * codes) to browse. Only a 10-digit code (level SUBHEADING) can be chosen; choosing a higher node narrows
 * the suggestions to its code.
 */
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Suspense, useState } from 'react';
import { graphql } from 'react-relay';
import type { TnvedPickerQuery } from '../../__generated__/TnvedPickerQuery.graphql';
import { useSuggestQuery } from '../../system/relay/useSuggestQuery';
import { PageSpinner } from '../PageSpinner';
import { SuggestInput } from '../SuggestInput';
import { TnvedTree } from './TnvedTree';

export interface PickedTnved {
  code: string;
  name: string;
}

export interface TnvedPickerProps {
  value: PickedTnved | null;
  onChange: (value: PickedTnved | null) => void;
  error?: string;
}

const query = graphql`
  query TnvedPickerQuery($query: String!) {
    tnvedSuggestions(query: $query) {
      keyHash
      tnvedCode
      tnvedName
      level
      hasChildren
    }
  }
`;

export function TnvedPicker({ value, onChange, error }: TnvedPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ? value.code : '');
  const [treeOpen, setTreeOpen] = useState(false);
  const q = text.trim();
  const { data, loading } = useSuggestQuery<TnvedPickerQuery>(
    query,
    q.length >= 2 && q !== value?.code ? { query: q } : null,
    300,
  );
  const nodes = data?.tnvedSuggestions ?? [];
  const options = nodes.map((n) => ({
    key: n.keyHash,
    label: `${n.tnvedCode} — ${n.tnvedName}`,
    description: n.level === 'SUBHEADING' ? undefined : t('pickers.tnvedNarrow'),
  }));

  const pick = (picked: PickedTnved) => {
    onChange(picked);
    setText(picked.code);
    setTreeOpen(false);
  };

  return (
    <Stack gap="2">
      <SuggestInput
        label={t('pickers.tnved')}
        name="tnvedCode"
        inputValue={text}
        onInputChange={(v) => {
          setText(v);
          if (value) onChange(null);
        }}
        options={options}
        loading={loading}
        emptyText={t('pickers.tnvedNotFound')}
        placeholder={t('pickers.tnvedPlaceholder')}
        error={error}
        required
        onSelect={(o) => {
          const n = nodes.find((x) => x.keyHash === o.key);
          if (!n) return;
          if (n.level === 'SUBHEADING') pick({ code: n.tnvedCode, name: n.tnvedName });
          else setText(n.tnvedCode);
        }}
      />
      {value && (
        <Text fontSize="sm" color="gray.700" data-testid="tnved-selected">
          {value.code} — {value.name}
        </Text>
      )}
      <Button
        size="sm"
        variant="ghost"
        alignSelf="flex-start"
        aria-expanded={treeOpen}
        onClick={() => setTreeOpen((o) => !o)}
      >
        {treeOpen ? t('pickers.tnvedCloseTree') : t('pickers.tnvedOpenTree')}
      </Button>
      {treeOpen && (
        <Suspense fallback={<PageSpinner minH="10vh" />}>
          <TnvedTree onPick={pick} />
        </Suspense>
      )}
    </Stack>
  );
}

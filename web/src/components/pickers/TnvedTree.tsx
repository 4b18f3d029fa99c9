/** The TN VED tree to browse: sections with their groups (tnvedTree), deeper levels on demand (tnvedChildren). */
import { useTranslation } from 'react-i18next';
import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { TnvedTreeChildrenQuery } from '../../__generated__/TnvedTreeChildrenQuery.graphql';
import type { TnvedTreeQuery } from '../../__generated__/TnvedTreeQuery.graphql';
import { useSuggestQuery } from '../../system/relay/useSuggestQuery';

interface TreeNode {
  keyHash: string;
  tnvedCode: string;
  tnvedName: string;
  level: string;
  hasChildren: boolean;
}

const childrenQuery = graphql`
  query TnvedTreeChildrenQuery($parentKeyHash: String!) {
    tnvedChildren(parentKeyHash: $parentKeyHash) {
      keyHash
      tnvedCode
      tnvedName
      level
      hasChildren
    }
  }
`;

export function TnvedTree({ onPick }: { onPick: (picked: { code: string; name: string }) => void }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<TnvedTreeQuery>(
    graphql`
      query TnvedTreeQuery {
        tnvedTree {
          keyHash
          tnvedCode
          tnvedName
          level
          hasChildren
          children {
            keyHash
            tnvedCode
            tnvedName
            level
            hasChildren
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  return (
    <Box
      role="tree"
      aria-label={t('pickers.tnvedTree')}
      borderWidth="1px"
      borderRadius="md"
      p="2"
      maxH="80"
      overflowY="auto"
    >
      {data.tnvedTree.map((section) => (
        <TnvedTreeItem key={section.keyHash} node={section} preloaded={section.children} onPick={onPick} depth={0} />
      ))}
    </Box>
  );
}

function TnvedTreeItem({
  node,
  preloaded,
  onPick,
  depth,
}: {
  node: TreeNode;
  preloaded?: ReadonlyArray<TreeNode>;
  onPick: (p: { code: string; name: string }) => void;
  depth: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const needsFetch = open && node.hasChildren && !(preloaded && preloaded.length > 0);
  const { data, loading } = useSuggestQuery<TnvedTreeChildrenQuery>(
    childrenQuery,
    needsFetch ? { parentKeyHash: node.keyHash } : null,
    0,
  );
  const children: ReadonlyArray<TreeNode> = preloaded && preloaded.length > 0 ? preloaded : (data?.tnvedChildren ?? []);
  const leaf = node.level === 'SUBHEADING' || !node.hasChildren;

  return (
    <Box role="treeitem" aria-expanded={leaf ? undefined : open} pl={depth === 0 ? 0 : 4}>
      {leaf ? (
        <Button
          size="xs"
          variant="ghost"
          justifyContent="flex-start"
          whiteSpace="normal"
          textAlign="left"
          h="auto"
          py="1"
          onClick={() => onPick({ code: node.tnvedCode, name: node.tnvedName })}
        >
          <Text as="span" fontWeight="medium" mr="2">
            {node.tnvedCode}
          </Text>
          {node.tnvedName}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="ghost"
          justifyContent="flex-start"
          whiteSpace="normal"
          textAlign="left"
          h="auto"
          py="1"
          onClick={() => setOpen((o) => !o)}
        >
          <Text as="span" mr="1">
            {open ? '▾' : '▸'}
          </Text>
          <Text as="span" fontWeight="medium" mr="2">
            {node.tnvedCode}
          </Text>
          {node.tnvedName}
        </Button>
      )}
      {open && (
        <Stack gap="0" role="group">
          {loading && <Spinner size="xs" ml="6" aria-label={t('common.loading')} />}
          {children.map((c) => (
            <TnvedTreeItem key={c.keyHash} node={c} onPick={onPick} depth={depth + 1} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

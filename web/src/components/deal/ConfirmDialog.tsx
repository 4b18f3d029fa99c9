/**
 * A named confirmation dialog for a deal action ('Отменить заявку?', 'Отклонение заявки'...). With
 * `commentLabel` it asks for a comment, required when `commentRequired` ('Укажите комментарий').
 * `onConfirm` gets the trimmed comment; the dialog stays open while it runs and closes when it resolves true.
 */
import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormField } from '../FormField';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  commentLabel?: string;
  commentRequired?: boolean;
  destructive?: boolean;
  /** Resolves true when done (closes the dialog), false to keep it open (e.g. the comment was refused). */
  onConfirm: (comment: string) => Promise<boolean>;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    onOpenChange,
    title,
    text,
    confirmLabel,
    cancelLabel = 'Отмена',
    commentLabel,
    commentRequired,
    destructive,
    onConfirm,
  } = props;
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setComment('');
      setError(null);
    }
  }, [open]);

  const submit = async () => {
    const text = comment.trim();
    if (commentLabel && commentRequired && !text) {
      setError('Укажите комментарий');
      return;
    }
    setBusy(true);
    try {
      if (await onConfirm(text)) onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      size={{ base: 'full', md: 'md' }}
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      role="alertdialog"
      closeOnInteractOutside={!busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {text && <Text>{text}</Text>}
                {commentLabel && (
                  <FormField label={commentLabel} error={error ?? undefined} required={commentRequired}>
                    <Textarea
                      rows={3}
                      value={comment}
                      onChange={(e) => {
                        setComment(e.target.value);
                        if (error) setError(null);
                      }}
                    />
                  </FormField>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                  {cancelLabel}
                </Button>
                <Button colorPalette={destructive ? 'red' : undefined} onClick={submit} loading={busy}>
                  {confirmLabel}
                </Button>
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The line shown instead of an action of 'Моя компания' that only the client himself may take (issue 11; spec core
 * §6 "original client"): in a referral partner's re-login (Viewer.isOriginalClient false) the backend refuses the
 * password and e-mail change, the registration-data edit and the bank requisites' changes with 403
 * ORIGINAL_CLIENT_REQUIRED, so the client area does not offer them.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export function OriginalClientOnlyNote() {
  const { t } = useTranslation();
  return (
    <Text color="gray.600" data-testid="original-client-only">
      {t('company.originalClientOnly')}
    </Text>
  );
}

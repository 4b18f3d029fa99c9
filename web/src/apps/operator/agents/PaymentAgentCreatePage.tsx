/**
 * 'Новый платёжный агент' (/operator/agents/create; issue 10, right PAYMENT_AGENTS): the whole card (spec core §3
 * "Payment agent profile"); saving creates the agent with its login account and mails the invitation, then opens the
 * agent's card.
 */
import { Button, Heading, Link, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { userErrorOf } from '../../../system/errors/userError';
import { showSuccess } from '../../../system/toaster';
import { useCreatePaymentAgent } from './mutations';
import { PaymentAgentForm } from './PaymentAgentForm';
import { emptyAgentValues, profileInputOf } from './paymentAgentForm';

export function PaymentAgentCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create] = useCreatePaymentAgent();
  return (
    <Stack gap="6" maxW="5xl">
      <Link asChild colorPalette="blue" fontSize="sm">
        <RouterLink to="/operator/agents">← {t('adminAgents.back')}</RouterLink>
      </Link>
      <Heading as="h1" size="2xl">
        {t('adminAgents.createTitle')}
      </Heading>
      <PaymentAgentForm
        label={t('adminAgents.createTitle')}
        defaultValues={emptyAgentValues()}
        submitLabel={t('adminAgents.create')}
        extraActions={
          <Button variant="ghost" asChild>
            <RouterLink to="/operator/agents">{t('adminAgents.cancel')}</RouterLink>
          </Button>
        }
        onSubmit={async (values) => {
          try {
            const r = await create({ input: { profile: profileInputOf(values) } });
            const refusal = userErrorOf(r.createPaymentAgent);
            if (refusal) return refusal;
            if (r.createPaymentAgent.__typename === 'CreatePaymentAgentSuccess') {
              showSuccess(t('adminAgents.created'));
              navigate(`/operator/agents/${r.createPaymentAgent.paymentAgent.agentId}`);
            }
          } catch {
            /* generic toast shown */
          }
          return null;
        }}
      />
    </Stack>
  );
}

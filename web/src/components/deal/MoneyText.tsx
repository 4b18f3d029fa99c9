/** Money formatted as spec core §9 says: '12 500,00 $' (grouped with spaces, comma decimals), never a float. */
import { Text, type TextProps } from '@chakra-ui/react';
import { formatMoney } from '../../system/formats';

export function MoneyText({
  amount,
  currency,
  ...rest
}: { amount: string | null | undefined; currency: string } & TextProps) {
  return (
    <Text as="span" whiteSpace="nowrap" {...rest}>
      {amount == null || amount === '' ? '—' : formatMoney(amount, currency)}
    </Text>
  );
}

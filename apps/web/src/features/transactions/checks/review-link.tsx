import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The withdrawal a "review" check held, opened in the wallet transactions' drawer; a dash for none. */
export function CheckReviewLink({ walletTransactionId }: { walletTransactionId: number | null }) {
  const { t } = useTranslation('transactions');
  if (walletTransactionId === null) return '—';
  return (
    <Anchor
      size="sm"
      renderRoot={(props) => (
        <Link
          {...props}
          to="/transactions/wallet-transactions"
          search={{ id: String(walletTransactionId) } as never}
        />
      )}
      // A list row opens its own drawer on click: the link must not also do that.
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {t('checks.openReview', { id: walletTransactionId })}
    </Anchor>
  );
}

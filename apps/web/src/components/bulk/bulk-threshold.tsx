import * as bulkRoutes from '@backdesk/contract/routes/bulk';
import { Button, Group, NumberInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api.ts';
import { useCan } from '../../lib/can.ts';
import { bulkRef } from '../../lib/contract.ts';
import { errorText } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useSettledMutation } from '../../lib/settled-mutation.ts';

const bulkEndpoints = {
  read: bulkRef(bulkRoutes.getBulkSettings),
  update: bulkRef(bulkRoutes.updateBulkSettings),
};

/** The deployment-wide count above which a bulk action needs a second member; admin and super change it. */
export function BulkThreshold() {
  const { t } = useTranslation('common');
  const can = useCan();
  const { data } = useQuery({
    queryKey: ['settings', 'bulk'],
    queryFn: ({ signal }) => callEndpoint(bulkEndpoints.read, { signal }),
  });
  const [draft, setDraft] = useState<number | string | null>(null);
  const save = useSettledMutation(
    ['settings', 'bulk'],
    (body: { threshold: number; version: number }) => callEndpoint(bulkEndpoints.update, { body }),
    {
      onSuccess: () => {
        setDraft(null);
        notify({ title: t('bulk.thresholdSaved'), color: 'green' });
      },
      onError: (error) => notify({ title: errorText(error), color: 'red' }),
    },
  );
  if (!data) return null;
  const editable = can(bulkEndpoints.update);
  const value = draft ?? data.threshold;
  return (
    <Group gap="xs" align="flex-end" data-testid="bulk-threshold">
      <NumberInput
        size="xs"
        label={t('bulk.threshold')}
        value={value}
        onChange={setDraft}
        min={1}
        max={100_000}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={false}
        readOnly={!editable}
        w={220}
        data-testid="bulk-threshold-input"
      />
      {editable && draft !== null && Number(draft) !== data.threshold && (
        <Button
          size="xs"
          variant="light"
          loading={save.isPending}
          onClick={() => save.mutate({ threshold: Number(draft), version: data.version })}
          data-testid="bulk-threshold-save"
        >
          {t('bulk.thresholdSave')}
        </Button>
      )}
    </Group>
  );
}

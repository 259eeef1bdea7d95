import type {
  AddVaspAddressBody,
  ConfigureVaspTrpBody,
  TravelRuleRecord,
  TravelRuleRules,
  VaspBody,
  VaspImportRow,
} from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditTrailKey } from '../../../components/audit-trail/index.ts';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';
import { travelRuleEndpoints as api } from './endpoints.ts';

const TRAVEL_RULE = ['compliance', 'travel-rule'] as const;

export const travelRuleQueueSource = listSource({
  endpoint: api.queue,
  queryKey: [...TRAVEL_RULE, 'queue'],
  count: api.queueCount,
});
export const vaspsSource = listSource({ endpoint: api.vasps, queryKey: [...TRAVEL_RULE, 'vasps'] });
export const selfHostedSource = listSource({
  endpoint: api.selfHosted,
  queryKey: [...TRAVEL_RULE, 'self-hosted'],
});

export const recordOptions = (id: number) =>
  queryOptions({
    queryKey: [...TRAVEL_RULE, 'record', id],
    queryFn: ({ signal }) => callEndpoint(api.record, { query: { id }, signal }),
  });

export const useTravelRuleRecord = (id: number) => useQuery(recordOptions(id));

type Versioned = { id: number; version: number };

/** The officer's actions on a record; each answer replaces the record shown (masked again). */
export function useTravelRuleActions(id: number) {
  const client = useQueryClient();
  // Not useSettledMutation: the answer is the record to show, written into its cache entry at once.
  const onSuccess = (answer: { record: TravelRuleRecord }) => {
    client.setQueryData(recordOptions(id).queryKey, answer.record);
    return Promise.all([
      client.invalidateQueries({ queryKey: [...TRAVEL_RULE, 'queue'] }),
      client.invalidateQueries({ queryKey: auditTrailKey('travel_rule_record', id) }),
    ]);
  };
  return {
    verify: useMutation({ mutationFn: (body: Versioned) => callEndpoint(api.verify, { body }), onSuccess }),
    requestInformation: useMutation({
      mutationFn: (body: Versioned & { note: string }) => callEndpoint(api.requestInformation, { body }),
      onSuccess,
    }),
    returnTransfer: useMutation({
      mutationFn: (body: Versioned & { reason: string }) => callEndpoint(api.returnTransfer, { body }),
      onSuccess,
    }),
    reject: useMutation({
      mutationFn: (body: Versioned & { reason: string }) => callEndpoint(api.reject, { body }),
      onSuccess,
    }),
    // The reveal is audited: the record's history shows it.
    reveal: useSettledMutation(auditTrailKey('travel_rule_record', id), () =>
      callEndpoint(api.reveal, { body: { id } }),
    ),
  };
}

const VASPS = [...TRAVEL_RULE, 'vasps'] as const;

export const vaspOptions = (id: number) =>
  queryOptions({
    queryKey: [...VASPS, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(api.vasp, { query: { id }, signal }),
  });

const SELF_HOSTED = [...TRAVEL_RULE, 'self-hosted'] as const;

/** The directory's changes reload its list and detail, and the history of what they touched. */
const VASP_KEYS = [VASPS, ['audit']];

export const useSaveVasp = () =>
  useSettledMutation(VASP_KEYS, (input: { body: VaspBody; id?: number; version?: number }) =>
    input.id === undefined
      ? callEndpoint(api.createVasp, { body: input.body })
      : callEndpoint(api.updateVasp, { body: { ...input.body, id: input.id, version: input.version ?? 0 } }),
  );

export const useDeleteVasp = () =>
  useSettledMutation(VASP_KEYS, (body: Versioned) => callEndpoint(api.deleteVasp, { body }));

export const useImportVasps = () =>
  useSettledMutation(VASP_KEYS, (rows: VaspImportRow[]) => callEndpoint(api.importVasps, { body: { rows } }));

/** A self-hosted wallet added shows on its list too. */
export const useAddVaspAddress = () =>
  useSettledMutation([...VASP_KEYS, SELF_HOSTED], (body: AddVaspAddressBody) =>
    callEndpoint(api.addAddress, { body }),
  );

/** A proof recorded moves the records resting on the wallet: the queue reloads with the list. */
export const useRecordProof = () =>
  useSettledMutation(
    [SELF_HOSTED, [...TRAVEL_RULE, 'queue'], [...TRAVEL_RULE, 'record'], ['audit']],
    (body: Versioned & { proof_method: 'signed_message' | 'test_transfer' }) =>
      callEndpoint(api.recordProof, { body }),
  );

/** The TRP link of a VASP (decision 0030): its answer may carry the new token, shown once. */
export const useConfigureTrp = () =>
  useSettledMutation(VASP_KEYS, (body: ConfigureVaspTrpBody) => callEndpoint(api.configureTrp, { body }));

export const useRemoveVaspAddress = () =>
  useSettledMutation(VASP_KEYS, (id: number) => callEndpoint(api.removeAddress, { body: { id } }));

const SETTINGS = [...TRAVEL_RULE, 'settings'] as const;

export const settingsOptions = () =>
  queryOptions({
    queryKey: SETTINGS,
    queryFn: ({ signal }) => callEndpoint(api.settings, { signal }),
  });

export const useUpdateRules = () =>
  useSettledMutation([SETTINGS, ['audit']], (body: { rules: TravelRuleRules; version: number }) =>
    callEndpoint(api.updateSettings, { body }),
  );

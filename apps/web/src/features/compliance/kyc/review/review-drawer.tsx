import type { CustomerKyc, KycDocumentRow } from '@backdesk/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerTrackNext } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../../components/audit-trail/index.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { DocumentStatusBadge } from '../badges.tsx';
import { CaseActions } from '../case-actions.tsx';
import { complianceEndpoints, contentUrl } from '../endpoints.ts';
import { customerKycOptions, useCustomerKyc, useKycDocument } from '../kyc-api.ts';
import { DocumentView } from '../viewer/document-view.tsx';
import { useReviewKeys } from '../viewer/review-keys.ts';
import { documentBytesOptions } from '../viewer/use-document-bytes.ts';
import { DecisionCard } from './decision-panel.tsx';
import { FileDetails } from './file-details.tsx';
import { LevelPanel } from './level-panel.tsx';
import { ProfileCard } from './profile-card.tsx';
import classes from './review.module.css';
import { ShortcutHints } from './shortcut-hints.tsx';

/** What the review opens on: one document (and its customer), or a customer's case. */
export type ReviewTarget = { documentId: number } | { customerId: number };

/** The queue's next case, as the page that opened the review takes it. */
export interface NextCase {
  open: () => void;
  loading: boolean;
}

/**
 * The review in the page: a customer's documents one at a time, beside their declared profile, with
 * the decision, the KYC level and the history; n/→ and p/← move between documents, a and r decide.
 */
export function ReviewDrawer({
  target,
  onClose,
  nextCase,
}: {
  target: ReviewTarget | null;
  onClose: () => void;
  /** Opens the next case of the queue; offered once every document of this one is decided. */
  nextCase?: NextCase | undefined;
}) {
  const { t } = useTranslation('compliance');
  const byDocument = target && 'documentId' in target ? target.documentId : undefined;
  const detail = useKycDocument(byDocument);
  const customerId = target && 'customerId' in target ? target.customerId : detail.data?.document.customer_id;
  const kyc = useCustomerKyc(customerId);
  const error = detail.error ?? kyc.error;
  const name = kyc.data ? (kyc.data.customer.customer_name ?? kyc.data.customer.user_name) : '';
  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="100%"
      title={kyc.data ? t('viewer.caseTitle', { customer: name }) : t('viewer.loading')}
      classNames={{ body: classes.drawerBody, title: classes.drawerTitle }}
      closeButtonProps={{ 'aria-label': t('viewer.close') }}
      data-testid="review-drawer"
    >
      {error ? (
        <Alert color="red">{errorText(error)}</Alert>
      ) : kyc.data ? (
        <Review
          key={`${customerId}:${byDocument ?? ''}`}
          kyc={kyc.data}
          initialId={byDocument}
          nextCase={nextCase}
        />
      ) : (
        <Center h="60vh">
          <Loader aria-label={t('viewer.loading')} />
        </Center>
      )}
    </Drawer>
  );
}

/** The first document to show: the one asked for, else the oldest pending one, else the newest. */
function firstDocument(documents: KycDocumentRow[], asked: number | undefined): number | undefined {
  if (asked !== undefined && documents.some((d) => d.id === asked)) return asked;
  return (documents.find((d) => d.status === 'pending') ?? documents.at(-1))?.id;
}

/**
 * Asks for a case's documents and the bytes of the one the review will show first: both start when
 * the case is opened (the claim's answer, a row's click) instead of the documents after the drawer has
 * rendered and the bytes after the review has (decision 0028). The claim's answer names that document
 * (`firstDocumentId`), so its bytes start beside the documents; a row's click waits for them to know
 * it. The queries are the drawer's own, so it finds them in flight or done. Only the case being opened
 * is fetched: a document's bytes are an audited view (docs/decisions/0010-document-intake.md).
 */
export async function prefetchReview(
  client: QueryClient,
  customerId: number,
  firstDocumentId?: number,
): Promise<void> {
  const bytes = (id: number) => client.prefetchQuery(documentBytesOptions(contentUrl(id)));
  const early = firstDocumentId === undefined ? undefined : bytes(firstDocumentId);
  const kyc = await client.fetchQuery(customerKycOptions(customerId));
  const first = firstDocument([...kyc.documents].reverse(), undefined);
  if (first !== undefined && first !== firstDocumentId) await bytes(first);
  await early;
}

/** The pending document after `id` in review order, else the first pending one before it. */
function nextPending(documents: KycDocumentRow[], id: number): number | undefined {
  const at = documents.findIndex((d) => d.id === id);
  const later = documents.slice(at + 1).find((d) => d.status === 'pending');
  return (later ?? documents.find((d) => d.status === 'pending' && d.id !== id))?.id;
}

function Review({
  kyc,
  initialId,
  nextCase,
}: {
  kyc: CustomerKyc;
  initialId: number | undefined;
  nextCase: NextCase | undefined;
}) {
  const { t } = useTranslation('compliance');
  const can = useCan();
  // In the order they came in, as the queue is worked: "next" is the later document.
  const documents = useMemo(() => [...kyc.documents].reverse(), [kyc.documents]);
  const [currentId, setCurrentId] = useState(() => firstDocument(documents, initialId));
  const index = Math.max(
    0,
    documents.findIndex((d) => d.id === currentId),
  );
  const doc = documents[index];
  // A second document beside the first (a selfie beside the passport it shows, say).
  const [compareId, setCompareId] = useState<string | null>(null);
  const compared = documents.find((d) => String(d.id) === compareId && d.id !== doc?.id);
  const canDecide = can(complianceEndpoints.decide);
  // The case ends where the next begins: once nothing waits, "next" past the last document opens it.
  const offerNext = nextCase && !documents.some((d) => d.status === 'pending') ? nextCase : undefined;
  const atLast = index >= documents.length - 1;
  const move = (step: 1 | -1) => {
    const next = documents[index + step];
    if (next) setCurrentId(next.id);
    else if (step === 1 && offerNext && !offerNext.loading) offerNext.open();
  };
  useReviewKeys({ next: () => move(1), previous: () => move(-1) }, true);
  // The document first: the side (profile, decision, level, history) renders in a deferred pass
  // that React splits into short tasks, so the document's bytes, decoding and drawing do not wait for
  // it. Rendered together, the side held the main thread for most of "next case" to its document
  // (decision 0028).
  const sideShown = useDeferredValue(true, false);

  const name = kyc.customer.customer_name ?? kyc.customer.user_name;
  return (
    <div className={classes.layout}>
      <section className={classes.document} aria-label={t('docs.columns.id')}>
        {doc ? (
          <>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <Title order={2} fz="lg" data-testid="review-document-kind">
                  {t(`kinds.${doc.kind}`)}
                </Title>
                <DocumentStatusBadge status={doc.status} />
              </Group>
              <Select
                aria-label={t('viewer.compareWith')}
                placeholder={t('viewer.compareWith')}
                size="xs"
                w={220}
                clearable
                value={compared ? compareId : null}
                onChange={setCompareId}
                data={documents
                  .filter((d) => d.id !== doc.id)
                  .map((d) => ({ value: String(d.id), label: `${t(`kinds.${d.kind}`)} #${d.id}` }))}
                comboboxProps={{ withinPortal: true }}
                data-testid="compare-with"
              />
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('viewer.previousDocument')} withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('viewer.previousDocument')}
                    disabled={index === 0}
                    onClick={() => move(-1)}
                  >
                    <IconChevronLeft size={18} />
                  </ActionIcon>
                </Tooltip>
                <Text size="sm" data-testid="review-position">
                  {t('viewer.documentOf', { index: index + 1, count: documents.length })}
                </Text>
                <Tooltip label={t('viewer.nextDocument')} withArrow>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('viewer.nextDocument')}
                    disabled={index >= documents.length - 1}
                    onClick={() => move(1)}
                    data-testid="review-next"
                  >
                    <IconChevronRight size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
            <div className={clsx(classes.viewerArea, compared && classes.compare)} data-document-id={doc.id}>
              <DocumentView
                key={doc.id}
                url={contentUrl(doc.id)}
                contentType={doc.content_type}
                label={t('viewer.documentArea', { kind: t(`kinds.${doc.kind}`), customer: name })}
              />
              {compared && (
                <div className={classes.compared} data-testid="compared-document">
                  <Group gap="xs">
                    <Text size="sm" fw={600}>
                      {t(`kinds.${compared.kind}`)}
                    </Text>
                    <DocumentStatusBadge status={compared.status} />
                  </Group>
                  <DocumentView
                    key={compared.id}
                    url={contentUrl(compared.id)}
                    contentType={compared.content_type}
                    label={t('viewer.documentArea', { kind: t(`kinds.${compared.kind}`), customer: name })}
                  />
                </div>
              )}
            </div>
            <ShortcutHints
              decide={canDecide && doc.status === 'pending'}
              nextCase={Boolean(offerNext) && atLast}
            />
          </>
        ) : (
          <Text c="dimmed">{t('customerTab.noDocuments')}</Text>
        )}
      </section>
      <aside className={classes.side} aria-label={t('viewer.profile')}>
        {sideShown && (
          <Stack gap="sm">
            {offerNext && (
              <Card withBorder radius="md" padding="sm" data-testid="review-case-done">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{t('viewer.caseDone')}</Text>
                  <Button
                    // The label whole in both languages: the sentence beside it wraps instead.
                    style={{ flexShrink: 0 }}
                    size="xs"
                    leftSection={<IconPlayerTrackNext size={16} />}
                    loading={offerNext.loading}
                    onClick={offerNext.open}
                    data-testid="review-next-case"
                  >
                    {t('viewer.nextCase')}
                  </Button>
                </Group>
              </Card>
            )}
            {kyc.case && <CaseBar kyc={kyc} />}
            <ProfileCard kyc={kyc} />
            {doc && (
              <DecisionCard
                document={doc}
                canDecide={canDecide}
                keysEnabled
                // A decision moves on to the customer's next pending document, if one is left.
                onDecided={() => {
                  const next = nextPending(documents, doc.id);
                  if (next !== undefined) setCurrentId(next);
                }}
              />
            )}
            <DocumentList documents={documents} currentId={doc?.id} onSelect={setCurrentId} />
            {doc && <FileDetails document={doc} />}
            <LevelPanel kyc={kyc} canDecide={can(complianceEndpoints.setLevel)} />
            {doc && (
              <Card withBorder radius="md" padding="sm">
                <Title order={3} fz="sm" mb="xs">
                  {t('viewer.history')}
                </Title>
                <AuditTrail entity="kyc_document" entityId={doc.id} />
              </Card>
            )}
          </Stack>
        )}
      </aside>
    </div>
  );
}

function CaseBar({ kyc }: { kyc: CustomerKyc }) {
  const { t } = useTranslation('compliance');
  const c = kyc.case!;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="review-case">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">
          {t('manage.columns.assignee')}:{' '}
          <Text span fw={600} data-testid="review-assignee">
            {c.assignee?.display_name ?? t('manage.unassigned')}
          </Text>
        </Text>
        <CaseActions kycCase={c} />
      </Group>
    </Card>
  );
}

/** The customer's documents; the one on screen is marked, any other opens on a click. */
function DocumentList({
  documents,
  currentId,
  onSelect,
}: {
  documents: KycDocumentRow[];
  currentId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={3} fz="sm" mb="xs">
        {t('viewer.customerDocuments')}{' '}
        <Badge variant="default" size="sm">
          {documents.length}
        </Badge>
      </Title>
      <Stack gap={4} data-testid="review-documents">
        {documents.map((d) => (
          <UnstyledButton
            key={d.id}
            className={clsx(classes.docRow, d.id === currentId && classes.docRowCurrent)}
            aria-current={d.id === currentId ? 'true' : undefined}
            onClick={() => onSelect(d.id)}
            data-document-id={d.id}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div>
                <Text size="sm" fw={500}>
                  {t(`kinds.${d.kind}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  #{d.id} · {formatDateTime(locale, d.uploaded_at)}
                </Text>
              </div>
              <DocumentStatusBadge status={d.status} />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Card>
  );
}

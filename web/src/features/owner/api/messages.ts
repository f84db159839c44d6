import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { MessageKind, MessagesSummary, MessageTemplate, MessageTemplateRequest } from '../types';
import { ownerKeys } from './owner-keys';
import { patchLoyaltyConfig } from './settings';

export async function getMessagesSummary(): Promise<MessagesSummary> {
  const data = await unwrap(api.GET('/api/v1/messages/summary'));
  return data.data;
}

/** This month against the limit, the consent counts, six months per channel and the prices. */
export function useMessagesSummary() {
  return useQuery(queryOptions({ queryKey: ownerKeys.messagesSummary(), queryFn: getMessagesSummary }));
}

export async function getMessageTemplates(): Promise<MessageTemplate[]> {
  const data = await unwrap(api.GET('/api/v1/message-templates'));
  return data.data;
}

/** Every kind of message in both languages: the owner's own text or the product's. */
export function useMessageTemplates() {
  return useQuery(queryOptions({ queryKey: ownerKeys.messageTemplates(), queryFn: getMessageTemplates }));
}

export async function putMessageTemplate(
  kind: MessageKind,
  body: MessageTemplateRequest,
): Promise<MessageTemplate> {
  const data = await unwrap(
    api.PUT('/api/v1/message-templates/{kind}', { params: { path: { kind } }, body }),
  );
  return data.data;
}

export async function deleteMessageTemplate(kind: MessageKind): Promise<void> {
  await unwrap(api.DELETE('/api/v1/message-templates/{kind}', { params: { path: { kind } } }));
}

/** The list with one kind replaced by the server's answer for it. */
function replaced(list: MessageTemplate[] | undefined, template: MessageTemplate) {
  return list?.map((item) => (item.kind === template.kind ? template : item));
}

/** Saves the owner's own text of a kind (both languages); the server checks the placeholders. */
export function useSaveMessageTemplate(kind: MessageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTemplateRequest) => putMessageTemplate(kind, body),
    onSuccess: (template) =>
      queryClient.setQueryData<MessageTemplate[]>(ownerKeys.messageTemplates(), (list) =>
        replaced(list, template),
      ),
  });
}

/** Back to the product's text of a kind: the list is read again for it. */
export function useResetMessageTemplate(kind: MessageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMessageTemplate(kind),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownerKeys.messageTemplates() }),
  });
}

/** Changes `messages_monthly_limit` alone (a merge patch); the summary and settings read it again. */
export function useSaveMessagesLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limit: number) => patchLoyaltyConfig({ messages_monthly_limit: limit }),
    onSuccess: async (config) => {
      queryClient.setQueryData(ownerKeys.loyaltyConfig(), config);
      await queryClient.invalidateQueries({ queryKey: ownerKeys.messagesSummary() });
    },
  });
}

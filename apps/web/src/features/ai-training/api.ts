import {
  type KnowledgeCategory,
  type KnowledgeConflictResponse,
  KNOWLEDGE_LIST_LIMIT,
  type KnowledgeItemResponse,
  type KnowledgePriority,
  TRAINING_DOCUMENT_RULE,
  type TrainingDocumentResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import { toListPage } from '../../app/list-page';

/** What the knowledge form sends (POST /api/ai/knowledge, spec 001 §7): tags already split. */
export interface KnowledgeBody {
  category: KnowledgeCategory;
  title: string;
  content: string;
  tags: string[];
  priority: KnowledgePriority;
}

/** PATCH /api/ai/knowledge/:id takes any subset of the fields, and the on/off switch. */
export type KnowledgeChanges = Partial<KnowledgeBody> & { isActive?: boolean };

export const trainingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The newest KNOWLEDGE_LIST_LIMIT items, typed ones and the passages of documents alike. A page too
     * large for the server to send whole ends early with `x-next-cursor`: the pages are read until
     * KNOWLEDGE_LIST_LIMIT items or the last page.
     */
    listKnowledge: build.query<KnowledgeItemResponse[], void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const items: KnowledgeItemResponse[] = [];
        let cursor: string | null = null;
        do {
          const result = await baseQuery({ url: '/ai/knowledge', params: cursor ? { cursor } : undefined });
          if (result.error) return { error: result.error };
          const page = toListPage(result.data as KnowledgeItemResponse[], result.meta);
          items.push(...page.items);
          cursor = page.nextCursor;
        } while (cursor && items.length < KNOWLEDGE_LIST_LIMIT);
        return { data: items.slice(0, KNOWLEDGE_LIST_LIMIT) };
      },
      providesTags: ['Knowledge'],
    }),
    /**
     * Beyond the spec: sentences of active items stating a price the catalogue disagrees with (the agent leaves
     * them out). Refetched when the knowledge base or the catalogue changes.
     */
    listKnowledgeConflicts: build.query<KnowledgeConflictResponse[], void>({
      query: () => '/ai/knowledge/conflicts',
      providesTags: ['Knowledge', 'Products'],
    }),
    createKnowledge: build.mutation<KnowledgeItemResponse, KnowledgeBody>({
      query: (body) => ({ url: '/ai/knowledge', method: 'POST', body }),
      invalidatesTags: ['Knowledge'],
    }),
    updateKnowledge: build.mutation<KnowledgeItemResponse, { id: string; changes: KnowledgeChanges }>({
      query: ({ id, changes }) => ({
        url: `/ai/knowledge/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: ['Knowledge'],
    }),
    deleteKnowledge: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `/ai/knowledge/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Knowledge'],
    }),
    /** Newest first. Each status change arrives over /ws (`training_document_status`) and refetches it. */
    listTrainingDocuments: build.query<TrainingDocumentResponse[], void>({
      query: () => '/ai/training-documents',
      providesTags: ['TrainingDocuments'],
    }),
    /** Answers 201 at once with the document `processing`; its text is read by a job on the server. */
    uploadTrainingDocument: build.mutation<TrainingDocumentResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append(TRAINING_DOCUMENT_RULE.fieldName, file);
        return { url: '/ai/upload-document', method: 'POST', body };
      },
      invalidatesTags: ['TrainingDocuments'],
    }),
    /** Also removes the passages the document produced. */
    deleteTrainingDocument: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `/ai/training-documents/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TrainingDocuments', 'Knowledge'],
    }),
  }),
});

export const {
  useListKnowledgeQuery,
  useListKnowledgeConflictsQuery,
  useCreateKnowledgeMutation,
  useUpdateKnowledgeMutation,
  useDeleteKnowledgeMutation,
  useListTrainingDocumentsQuery,
  useUploadTrainingDocumentMutation,
  useDeleteTrainingDocumentMutation,
} = trainingApi;

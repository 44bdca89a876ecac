import {
  CATALOGUE_FILE_RULE,
  type CreateProductDto,
  type ProductImportResponse,
  type ProductResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import { listFeedEndpoint, listPageEndpoint } from '../../app/list-page';

/**
 * Server-side search and filters of GET /api/products (spec 001 §5): `q` matches name, description or
 * category, `category` one category (both case-insensitive), `inStock` the stock flag as text.
 */
export interface ProductFilters {
  q?: string;
  category?: string;
  inStock?: 'true' | 'false';
}

/** What the product form sends: the price as the owner typed it ("$1,299.00"); the server reads the number. */
export type ProductBody = Omit<CreateProductDto, 'price'> & { price: string };

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Ordered by name, a page at a time. */
    productsFeed: listFeedEndpoint<ProductResponse, ProductFilters>(build, '/products', 'Products'),
    /** The first page alone: `{ limit: 1 }` tells the dashboard whether the owner has any product. */
    listProducts: listPageEndpoint<ProductResponse, ProductFilters & { limit?: number }>(
      build,
      '/products',
      'Products',
    ),
    /** Every distinct category of the owner's products, for the category filter. */
    productCategories: build.query<string[], void>({
      query: () => '/products/categories',
      providesTags: ['Products'],
    }),
    createProduct: build.mutation<ProductResponse, ProductBody>({
      query: (body) => ({ url: '/products', method: 'POST', body }),
      invalidatesTags: ['Products'],
    }),
    /** 409 naming `name` when another product of the owner has that name. */
    updateProduct: build.mutation<ProductResponse, { id: string; changes: ProductBody }>({
      query: ({ id, changes }) => ({
        url: `/products/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: changes,
      }),
      invalidatesTags: ['Products'],
    }),
    deleteProduct: build.mutation<unknown, string>({
      query: (id) => ({ url: `/products/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Products'],
    }),
    /**
     * A catalogue file (PDF or Excel): products are created, or updated when one of the same name exists.
     * Answers 200 with the counts even when some rows were refused (`errors`).
     */
    uploadCatalogue: build.mutation<ProductImportResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append(CATALOGUE_FILE_RULE.fieldName, file);
        return { url: '/products/upload', method: 'POST', body };
      },
      invalidatesTags: ['Products'],
    }),
  }),
});

export const {
  useProductsFeedInfiniteQuery,
  useListProductsQuery,
  useProductCategoriesQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useUploadCatalogueMutation,
} = productsApi;

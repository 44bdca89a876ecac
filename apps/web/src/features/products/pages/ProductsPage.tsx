import { PlusOutlined } from '@ant-design/icons';
import { CATALOGUE_FILE_RULE, type ProductResponse } from '@parley/contracts';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { FilePickerButton } from '../../../shared/components/FilePickerButton';
import { FilteredListPage } from '../../../shared/components/FilteredListPage';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { useFilteredList } from '../../../shared/hooks/use-filtered-list';
import { useDeleteProductMutation, useProductCategoriesQuery, useProductsFeedInfiniteQuery } from '../api';
import { ImportRowErrors } from '../components/ImportRowErrors';
import { ProductDialog, type ProductDialogMode } from '../components/ProductDialog';
import { ProductsTable } from '../components/ProductsTable';
import { UploadProgressCard } from '../components/UploadProgressCard';
import { useCatalogueUpload } from '../use-catalogue-upload';
import { useCan } from '../../team';

interface ProductChoices {
  category: string;
  inStock: 'all' | 'true' | 'false';
}
const ALL_PRODUCTS: ProductChoices = { category: 'all', inStock: 'all' };
const STOCK_FILTERS = ['true', 'false'] as const;

/** The product catalogue (spec 001 §2): search and filters run on the server; pages load with Load more. */
export default function ProductsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();
  const list = useFilteredList(useProductsFeedInfiniteQuery, ALL_PRODUCTS);
  const categories = useProductCategoriesQuery();
  const [deleteProduct] = useDeleteProductMutation();
  const catalogue = useCatalogueUpload();
  const [dialog, setDialog] = useState<ProductDialogMode | null>(null);
  // Agents read the catalogue; owners and admins change it (docs/teams.md).
  const editable = useCan()('editProducts');

  const openCreate = () => setDialog({ mode: 'create' });

  const confirmDelete = (product: ProductResponse) =>
    modal.confirm({
      title: t('products.delete.title'),
      content: t('products.delete.confirm', { name: product.name }),
      okText: t('products.delete.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await deleteProduct(product.id).unwrap();
          toast.success({ description: t('products.delete.deleted') });
        } catch (error) {
          const failed = t('products.delete.failed');
          toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
        }
      },
    });

  const addButton = (testId: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} data-testid={testId} onClick={openCreate}>
      {t('products.form.open')}
    </Button>
  );

  return (
    <>
      <FilteredListPage
        name="products"
        title={t('products.title')}
        action={
          editable && (
            <>
              <FilePickerButton
                rule={CATALOGUE_FILE_RULE}
                label={t('products.upload.open')}
                testId="products-upload"
                uploading={catalogue.percent !== null}
                onFile={(file) => void catalogue.upload(file)}
              />
              {addButton('products-add-open')}
            </>
          )
        }
        notices={
          <>
            {catalogue.percent !== null && <UploadProgressCard percent={catalogue.percent} />}
            <ImportRowErrors errors={catalogue.rowErrors} onClose={catalogue.dismissRowErrors} />
          </>
        }
        list={list}
        filters={
          <>
            <FilterSelect
              testId="products-category-filter"
              label={t('products.filters.category')}
              value={list.choices.category}
              onChange={list.choose('category')}
              allLabel={t('products.filters.allCategories')}
              values={categories.data ?? []}
              labelOf={(category) => category}
            />
            <FilterSelect
              testId="products-stock-filter"
              label={t('products.filters.stock')}
              value={list.choices.inStock}
              onChange={list.choose('inStock')}
              allLabel={t('products.filters.allStock')}
              values={STOCK_FILTERS}
              labelOf={(inStock) =>
                t(inStock === 'true' ? 'products.stock.inStock' : 'products.stock.outOfStock')
              }
            />
          </>
        }
        skeletonTestId="product-skeleton"
        loadingText={t('products.loading')}
        emptyAction={editable ? addButton('products-empty-add') : undefined}
        gap="middle"
      >
        <ProductsTable
          products={list.items}
          editing={
            editable
              ? { onEdit: (product) => setDialog({ mode: 'edit', product }), onDelete: confirmDelete }
              : undefined
          }
        />
      </FilteredListPage>

      <ProductDialog open={dialog} onClose={() => setDialog(null)} />
    </>
  );
}

import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ProductResponse } from '@parley/contracts';
import { Button, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { formatUsd } from '../../../shared/format/plan-format';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { shownFeatures } from '../product-format';

interface ProductsTableProps {
  products: ProductResponse[];
  onEdit: (product: ProductResponse) => void;
  onDelete: (product: ProductResponse) => void;
}

/** Spec 001 §2: Product, Category, Price, Stock, Features, Actions. */
export function ProductsTable({ products, onEdit, onDelete }: ProductsTableProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();

  const columns: TableColumnsType<ProductResponse> = [
    {
      key: 'product',
      title: t('products.columns.product'),
      render: (_, product) => (
        <Flex vertical style={{ minWidth: 180 }}>
          <Typography.Text strong data-testid="product-name-cell" style={OWNER_TEXT}>
            {product.name}
          </Typography.Text>
          {/* A long description stays two lines high; the whole text is in the edit dialog. */}
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2 }}
            data-testid="product-description-cell"
            style={{ ...OWNER_TEXT, marginBottom: 0, maxWidth: 'min(360px, 60vw)' }}
          >
            {product.description}
          </Typography.Paragraph>
        </Flex>
      ),
    },
    {
      key: 'category',
      title: t('products.columns.category'),
      render: (_, product) => (
        <Tag data-testid="product-category-cell" style={OWNER_TEXT}>
          {product.category}
        </Tag>
      ),
    },
    {
      key: 'price',
      title: t('products.columns.price'),
      render: (_, product) => (
        // Left to right in Arabic too: the "US$" of "45.00 US$" breaks apart when laid out right to left.
        <span dir="ltr" data-testid="product-price-cell" style={{ whiteSpace: 'nowrap' }}>
          {formatUsd(product.price, language, 2)}
        </span>
      ),
    },
    {
      key: 'stock',
      title: t('products.columns.stock'),
      render: (_, product) => (
        <Tag color={product.inStock ? 'success' : 'error'} data-testid="product-stock-cell">
          {t(product.inStock ? 'products.stock.inStock' : 'products.stock.outOfStock')}
        </Tag>
      ),
    },
    {
      key: 'features',
      title: t('products.columns.features'),
      render: (_, product) => {
        const { shown, more } = shownFeatures(product.features);
        return (
          <Flex vertical gap={2} data-testid="product-features-cell" style={{ minWidth: 140 }}>
            {shown.map((feature, index) => (
              <Typography.Text key={index} data-testid="product-feature" style={OWNER_TEXT}>
                {feature}
              </Typography.Text>
            ))}
            {more > 0 && (
              <Typography.Text type="secondary" data-testid="product-more-features">
                {t('products.moreFeatures', { count: more })}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'actions',
      title: t('products.columns.actions'),
      render: (_, product) => (
        <Flex gap="small">
          <Button
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('products.editLabel', { name: product.name })}
            data-testid="product-edit"
            onClick={() => onEdit(product)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            aria-label={t('products.deleteLabel', { name: product.name })}
            data-testid="product-delete"
            onClick={() => onDelete(product)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Table<ProductResponse>
      data-testid="products-table"
      rowKey="id"
      columns={columns}
      dataSource={products}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(product) =>
        ({ 'data-testid': 'product-row', 'data-product-id': product.id }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}

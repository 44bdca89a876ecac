import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { formatMoney, type ProductResponse } from '@parley/contracts';
import { Button, type ButtonProps, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { CardList } from '../../../shared/components/CardList';
import { OWNER_TEXT } from '../../../shared/format/owner-text';
import { PHONE_SCREEN, useMediaQuery } from '../../../shared/hooks/use-media-query';
import { shownFeatures } from '../product-format';

interface ProductsTableProps {
  products: ProductResponse[];
  /** Without them (a role that only reads the catalogue) the rows have no edit and delete buttons. */
  editing?: {
    onEdit: (product: ProductResponse) => void;
    onDelete: (product: ProductResponse) => void;
  };
}

type Cell = (product: ProductResponse) => ReactNode;

/**
 * Spec 001 §2: Product, Category, Price, Stock, Features, Actions. A table, and on a phone one card per
 * product with the same cells and its edit and delete buttons in sight.
 */
export function ProductsTable({ products, editing }: ProductsTableProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const phone = useMediaQuery(PHONE_SCREEN);

  const name: Cell = (product) => (
    <Typography.Text strong data-testid="product-name-cell" style={OWNER_TEXT}>
      {product.name}
    </Typography.Text>
  );
  // A long description stays two lines high; the whole text is in the edit dialog.
  const description = (product: ProductResponse, maxWidth: string) => (
    <Typography.Paragraph
      type="secondary"
      ellipsis={{ rows: 2 }}
      data-testid="product-description-cell"
      style={{ ...OWNER_TEXT, marginBottom: 0, maxWidth }}
    >
      {product.description}
    </Typography.Paragraph>
  );
  const category: Cell = (product) => (
    <Tag data-testid="product-category-cell" style={OWNER_TEXT}>
      {product.category}
    </Tag>
  );
  const price: Cell = (product) => (
    // In the product's currency, the reader's way. Left to right in Arabic too: the "ر.س." of "45.00 ر.س." breaks
    // apart when laid out right to left.
    <span dir="ltr" data-testid="product-price-cell" style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(product.price, product.currency, language)}
    </span>
  );
  const stock: Cell = (product) => (
    <Tag color={product.inStock ? 'success' : 'error'} data-testid="product-stock-cell">
      {t(product.inStock ? 'products.stock.inStock' : 'products.stock.outOfStock')}
    </Tag>
  );
  const features: Cell = (product) => {
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
  };
  const actions = (product: ProductResponse, size: ButtonProps['size']) =>
    editing && (
      <>
        <Button
          size={size}
          icon={<EditOutlined aria-hidden />}
          aria-label={t('products.editLabel', { name: product.name })}
          data-testid="product-edit"
          onClick={() => editing.onEdit(product)}
        />
        <Button
          size={size}
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t('products.deleteLabel', { name: product.name })}
          data-testid="product-delete"
          onClick={() => editing.onDelete(product)}
        />
      </>
    );

  if (phone) {
    return (
      <CardList
        items={products}
        label={t('products.listLabel')}
        testId="products-cards"
        cardTestId="product-card"
        kind="product"
      >
        {(product) => (
          <Flex vertical gap="small">
            <Flex gap="small" align="start">
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                {name(product)}
                {description(product, '100%')}
              </Flex>
              <Flex gap="small">{actions(product, 'middle')}</Flex>
            </Flex>
            <Flex gap="small" wrap align="center">
              <Typography.Text strong>{price(product)}</Typography.Text>
              {stock(product)}
              {category(product)}
            </Flex>
            {product.features.length > 0 && features(product)}
          </Flex>
        )}
      </CardList>
    );
  }

  const columns: TableColumnsType<ProductResponse> = [
    {
      key: 'product',
      title: t('products.columns.product'),
      render: (_, product) => (
        <Flex vertical style={{ minWidth: 180 }}>
          {name(product)}
          {description(product, 'min(360px, 60vw)')}
        </Flex>
      ),
    },
    { key: 'category', title: t('products.columns.category'), render: (_, product) => category(product) },
    { key: 'price', title: t('products.columns.price'), render: (_, product) => price(product) },
    { key: 'stock', title: t('products.columns.stock'), render: (_, product) => stock(product) },
    { key: 'features', title: t('products.columns.features'), render: (_, product) => features(product) },
    ...(editing
      ? [
          {
            key: 'actions',
            title: t('products.columns.actions'),
            render: (_: unknown, product: ProductResponse) => (
              <Flex gap="small">{actions(product, 'small')}</Flex>
            ),
          },
        ]
      : []),
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

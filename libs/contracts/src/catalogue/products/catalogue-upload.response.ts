/** POST /api/products/upload: how many products the catalogue file created. */
export interface CatalogueUploadResponse {
  created: number;
}

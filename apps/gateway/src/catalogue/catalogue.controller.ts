import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  CreateProductDto,
  ListProductsQueryDto,
  type ProductResponse,
  PRODUCTS_SUBJECTS,
  UpdateProductDto,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { FastifyReply } from 'fastify';
import { SessionGuard } from '../auth/session.guard';
import { listPage } from '../http/list-page';
import { Caller } from '../rpc/caller.decorator';
import { ANY_MEMBER, MANAGERS, Roles } from '../auth/roles';

/** The signed-in owner's products, from catalogue-service (the upload is CatalogueUploadController's). */
@Controller('api')
@UseGuards(SessionGuard)
export class CatalogueController {
  constructor(private readonly services: ServiceClient) {}

  /** ProductResponse[] by name; the next page's cursor in the x-next-cursor header. */
  @Roles(...ANY_MEMBER)
  @Get('products')
  async products(
    @Query() query: ListProductsQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(PRODUCTS_SUBJECTS.list, query, caller));
  }

  /** Beyond the spec: every category of the owner's products, for the screen's category filter. */
  @Roles(...ANY_MEMBER)
  @Get('products/categories')
  categories(@Caller() caller: CallerInfo): Promise<string[]> {
    return this.services.send(PRODUCTS_SUBJECTS.categories, {}, caller);
  }

  @Roles(...MANAGERS)
  @Post('products')
  createProduct(
    @Body() dto: CreateProductDto,
    @Body('price') typedPrice: unknown,
    @Caller() caller: CallerInfo,
  ): Promise<ProductResponse> {
    return this.services.send(PRODUCTS_SUBJECTS.create, asTyped(dto, typedPrice), caller);
  }

  @Roles(...MANAGERS)
  @Patch('products/:id')
  updateProduct(
    @Param('id') id: string,
    @Body() changes: UpdateProductDto,
    @Body('price') typedPrice: unknown,
    @Caller() caller: CallerInfo,
  ): Promise<ProductResponse> {
    return this.services.send(PRODUCTS_SUBJECTS.update, { id, changes: asTyped(changes, typedPrice) }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('products/:id')
  deleteProduct(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<Pick<ProductResponse, 'id'>> {
    return this.services.send(PRODUCTS_SUBJECTS.delete, { id }, caller);
  }
}

/**
 * The product with its price as the owner typed it (`"US$24"`, not the 24 the DTO read): catalogue-service
 * reads it again and refuses a price written in another currency than the business's.
 */
function asTyped<T extends { price?: number }>(dto: T, typedPrice: unknown): T | (Omit<T, 'price'> & { price: string }) {
  return typeof typedPrice === 'string' && dto.price !== undefined ? { ...dto, price: typedPrice } : dto;
}

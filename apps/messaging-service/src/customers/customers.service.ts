import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AI_PAUSE_MS,
  type CreateCustomerDto,
  type CustomerResponse,
  DEFAULT_CUSTOMER_STAGE,
  DomainException,
  ErrorCode,
  type ListCustomersQueryDto,
  type UpdateConversationDto,
  type UpdateCustomerDto,
} from '@parley/contracts';
import { OwnerEvents, type Page } from '@parley/server-kit';
import { decodeCursor } from '../shared/cursor';
import { requireUuid } from '../shared/uuid';
import { CustomersQueries, type NewCustomer } from './customers.queries';

/** How a customer came to be known: `manual` when the owner added them (those who write in: `social_media`). */
export const MANUAL_SOURCE = 'manual';

/** Add Customer: the owner's own entry, at the stage they chose (`new` unless they chose one). */
export function newCustomer(ownerId: string, id: string, dto: CreateCustomerDto): NewCustomer {
  return {
    id,
    ownerId,
    name: dto.name,
    platform: dto.platform,
    platformUsername: dto.platformUsername,
    email: dto.email ?? null,
    phone: dto.phone ?? null,
    interest: dto.interest ?? null,
    notes: dto.notes ?? null,
    stage: dto.stage ?? DEFAULT_CUSTOMER_STAGE,
    source: MANUAL_SOURCE,
  };
}

/** The owner's customers: the pipeline (stages) and the people behind the messages. */
@Injectable()
export class CustomersService {
  constructor(
    private readonly queries: CustomersQueries,
    private readonly events: OwnerEvents,
  ) {}

  /** Newest first; `q` matches name, email or platform username, case-insensitively. */
  async list(ownerId: string, query: ListCustomersQueryDto): Promise<Page<CustomerResponse>> {
    return this.queries.page(
      ownerId,
      {
        q: query.q ?? undefined,
        platform: query.platform,
        stage: query.stage,
        after: decodeCursor(query.cursor),
      },
      query.limit,
    );
  }

  /** Add Customer: someone the owner knows from a platform, before they write. */
  async create(ownerId: string, dto: CreateCustomerDto): Promise<CustomerResponse> {
    const customer = await this.queries.insert(newCustomer(ownerId, randomUUID(), dto));
    if (!customer) {
      throw new DomainException(
        ErrorCode.Conflict,
        `A customer with this ${dto.platform} username already exists`,
      );
    }
    this.events.emit(ownerId, {
      type: 'new_customer',
      message: `New customer: ${customer.name}`,
      data: { customerId: customer.id },
    });
    return customer;
  }

  async get(ownerId: string, id: string): Promise<CustomerResponse> {
    const customer = await this.queries.byId(ownerId, requireUuid(id, 'Customer'));
    if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return customer;
  }

  /** Any stage to any stage: the pipeline enforces no order. */
  async update(ownerId: string, id: string, dto: UpdateCustomerDto): Promise<CustomerResponse> {
    const customer = await this.queries.setStage(ownerId, requireUuid(id, 'Customer'), dto.stage);
    if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return customer;
  }

  /** The thread's Pause AI / Resume AI: a pause lasts AI_PAUSE_MS, as when a person answers. */
  async updateConversation(
    ownerId: string,
    id: string,
    dto: UpdateConversationDto,
  ): Promise<CustomerResponse> {
    const customer = await this.queries.setAiPause(
      ownerId,
      requireUuid(id, 'Customer'),
      dto.aiPaused ? AI_PAUSE_MS : null,
    );
    if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return customer;
  }
}

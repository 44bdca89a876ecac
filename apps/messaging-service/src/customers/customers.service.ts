import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type CreateCustomerDto,
  CUSTOMER_CONTACT_MESSAGES,
  CUSTOMER_STAGES,
  type CustomerUpdatedData,
  type CustomerResponse,
  DEFAULT_CUSTOMER_STAGE,
  DomainException,
  ErrorCode,
  type LeadResponse,
  MANUAL_PLATFORM,
  type ListCustomersQueryDto,
  type PipelineQueryDto,
  type PipelineResponse,
  type StageChangeResponse,
  type StageSuggestionResponse,
  type UpdateContactDto,
  type UpdateCustomerDto,
} from '@parley/contracts';
import { Batcher, inRounds, OwnerEvents, type Page } from '@parley/server-kit';
import { LeadsQueries } from '../leads/leads.queries';
import { decodeCursor } from '../shared/cursor';
import { requireSomeChange } from '../shared/some-change';
import { requireUuid } from '../shared/uuid';
import type { ChannelCustomerNameDto } from './channel-customer-name.dto';
import {
  type ChannelName,
  channelNameKey,
  type ContactChanges,
  CustomersQueries,
  type CustomerWritten,
  type NewCustomer,
  type StageMove,
} from './customers.queries';
import { StageHistoryQueries } from './stage-history.queries';

/** The fields of UpdateContactDto, as the API spells them. */
const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'interest',
  'notes',
  'tags',
  'stage',
] as const satisfies readonly (keyof UpdateContactDto & keyof ContactChanges)[];

/** What PATCH may change, as the API spells it: the contact, and the lead's value. */
const PATCH_FIELDS = [...CONTACT_FIELDS, 'leadValue'] as const satisfies readonly (keyof UpdateContactDto)[];

/** How a customer came to be known: `manual` when the owner added them (those who write in: `social_media`). */
export const MANUAL_SOURCE = 'manual';

/**
 * Add Customer: the owner's own entry, at the stage they chose (`new` unless they chose one), on the
 * platform they chose (`manual`, no channel, unless they chose one).
 */
export function newCustomer(ownerId: string, id: string, dto: CreateCustomerDto): NewCustomer {
  return {
    id,
    ownerId,
    name: dto.name,
    platform: dto.platform ?? MANUAL_PLATFORM,
    platformUsername: dto.platformUsername ?? null,
    email: dto.email ?? null,
    phone: dto.phone ?? null,
    interest: dto.interest ?? null,
    notes: dto.notes ?? null,
    stage: dto.stage ?? DEFAULT_CUSTOMER_STAGE,
    source: MANUAL_SOURCE,
  };
}

/**
 * The owner's customers: the pipeline (stages) and the people behind the messages. A customer who reaches
 * a lead stage, whoever moves them there, gets a lead if they have none (docs/inbox.md, "Leads").
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly queries: CustomersQueries,
    private readonly leads: LeadsQueries,
    private readonly events: OwnerEvents,
    private readonly history: StageHistoryQueries,
  ) {}

  /**
   * Channel names arrive one per customer (integrations-service reads each profile after the customer's first
   * message); those arriving together are written in one statement, each customer once per round.
   */
  private readonly channelNames = new Batcher<ChannelName, string | undefined>((names) =>
    inRounds(names, channelNameKey, (round) => this.queries.nameFromChannel(round)),
  );

  /** Newest first; `q` matches name, email or platform username, case-insensitively. */
  async list(ownerId: string, query: ListCustomersQueryDto): Promise<Page<CustomerResponse>> {
    return this.queries.page(
      ownerId,
      {
        q: query.q ?? undefined,
        platform: query.platform,
        stage: query.stage,
        includeTest: query.includeTest,
        after: decodeCursor(query.cursor),
      },
      query.limit,
    );
  }

  /** Add Customer: someone the owner knows from a platform before they write, or who has no channel. */
  async create(ownerId: string, dto: CreateCustomerDto): Promise<CustomerResponse> {
    const customer = newCustomer(ownerId, randomUUID(), dto);
    const written = await this.queries.insert(customer);
    if (!written) {
      throw new DomainException(
        ErrorCode.Conflict,
        `A customer with this ${customer.platform} username already exists`,
      );
    }
    const { name, id } = written.customer;
    this.events.emit(ownerId, {
      type: 'new_customer',
      message: `New customer: ${name}`,
      data: { customerId: id, customerName: name },
    });
    return this.announced(ownerId, written);
  }

  async get(ownerId: string, id: string): Promise<CustomerResponse> {
    const customer = await this.queries.byId(ownerId, requireUuid(id, 'Customer'));
    if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return customer;
  }

  /** PUT: any stage to any stage (the pipeline enforces no order), recorded as `userId`'s move. */
  async update(
    ownerId: string,
    id: string,
    dto: UpdateCustomerDto,
    userId: string,
  ): Promise<CustomerResponse> {
    return this.changed(
      ownerId,
      await this.change(ownerId, id, { stage: dto.stage }, { by: 'person', userId }),
    );
  }

  /**
   * PATCH, the inbox's contact panel and the board: the fields given (at least one) replace the stored ones;
   * `leadValue` is their lead's (one is opened for a value when they have none).
   */
  async updateContact(
    ownerId: string,
    id: string,
    dto: UpdateContactDto,
    userId: string,
  ): Promise<CustomerResponse> {
    const { leadValue, ...contact } = requireSomeChange(dto, PATCH_FIELDS);
    const customerId = requireUuid(id, 'Customer');
    let customer: CustomerResponse | undefined;
    if (CONTACT_FIELDS.some((field) => contact[field] !== undefined)) {
      customer = await this.change(ownerId, customerId, contact, { by: 'person', userId });
    }
    if (leadValue !== undefined) {
      const opened = await this.leads.setValue(ownerId, customerId, leadValue);
      if (opened === undefined) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
      customer = await this.get(ownerId, customerId);
      if (opened !== null) this.announced(ownerId, { customer, leadId: opened });
    }
    return this.changed(ownerId, customer as CustomerResponse);
  }

  /** The pipeline board's column headers: every stage, in order, with its customers' count and leads' value. */
  async pipeline(ownerId: string, query: PipelineQueryDto): Promise<PipelineResponse> {
    const totals = await this.queries.stageTotals(ownerId, {
      q: query.q ?? undefined,
      platform: query.platform,
      includeTest: query.includeTest,
    });
    return {
      stages: CUSTOMER_STAGES.map(
        (stage) => totals.find((total) => total.stage === stage) ?? { stage, count: 0, value: 0 },
      ),
    };
  }

  /**
   * A channel's customer as their profile names them now (integrations-service read it after their message
   * was stored). The owner's tabs refresh their lists and thread. `updated` is false when nothing changed.
   */
  async nameFromChannel(ownerId: string, dto: ChannelCustomerNameDto): Promise<{ updated: boolean }> {
    const { platform, platformUsername, name } = dto;
    const id = await this.channelNames.call({ ownerId, platform, platformUsername, name });
    if (id === undefined) return { updated: false };
    this.events.emit(ownerId, { type: 'conversation_updated', message: '', data: { customerId: id } });
    return { updated: true };
  }

  /** The customer's leads, newest first. */
  async leadsOf(ownerId: string, id: string): Promise<LeadResponse[]> {
    const customer = await this.get(ownerId, id);
    return this.leads.ofCustomer(ownerId, customer.id);
  }

  /**
   * A customer without a channel keeps one way to know them: clearing the last of their email and phone
   * (with no username) is a 400 naming the field cleared, and nothing changes.
   */
  private async change(
    ownerId: string,
    id: string,
    changes: ContactChanges,
    mover: StageMove,
  ): Promise<CustomerResponse> {
    const written = await this.queries.update(ownerId, requireUuid(id, 'Customer'), changes, mover);
    if (written === 'no contact left') {
      throw new DomainException(ErrorCode.ValidationFailed, CUSTOMER_CONTACT_MESSAGES.contactRequired, {
        field: changes.email === null ? 'email' : 'phone',
      });
    }
    if (!written) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return this.announced(ownerId, written);
  }

  /** Who moved the customer and why, newest first (docs/reports.md, "Stage history"). */
  async stageHistory(ownerId: string, customerId: string): Promise<StageChangeResponse[]> {
    const changes = await this.history.history(ownerId, requireUuid(customerId, 'Customer'));
    if (!changes) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return changes;
  }

  /**
   * Undoes an AI move: the customer goes back to where they were, recorded as `userId`'s move. Only the AI's moves
   * are undone (a person's is moved again), once, and only while it is the customer's latest change.
   */
  async undoStageChange(
    ownerId: string,
    customerId: string,
    changeId: string,
    userId: string,
  ): Promise<CustomerResponse> {
    const id = requireUuid(customerId, 'Customer');
    const change = /^\d{1,18}$/.test(changeId) ? await this.history.change(ownerId, id, changeId) : undefined;
    if (!change) throw new DomainException(ErrorCode.NotFound, 'Stage change not found');
    if (change.by !== 'ai' || change.from === null) {
      throw new DomainException(ErrorCode.Conflict, "Only the AI's stage moves can be undone.");
    }
    if (change.undone) throw new DomainException(ErrorCode.Conflict, 'This stage move was already undone.');
    const written = await this.queries.undoMove(
      ownerId,
      id,
      { ...change, from: change.from },
      { by: 'person', userId },
    );
    if (!written) {
      throw new DomainException(
        ErrorCode.Conflict,
        'The customer has moved since; the stage move was not undone.',
      );
    }
    return this.changed(ownerId, this.announced(ownerId, written));
  }

  /** The AI's pending stage suggestions (owners whose AI only suggests), newest first. */
  stageSuggestions(ownerId: string): Promise<StageSuggestionResponse[]> {
    return this.history.suggestions(ownerId);
  }

  /** Accepts the AI's suggestion: `userId` moves the customer there, with the AI's evidence kept. */
  async acceptStageSuggestion(
    ownerId: string,
    customerId: string,
    userId: string,
  ): Promise<CustomerResponse> {
    const id = requireUuid(customerId, 'Customer');
    const [suggestion] = await this.history.suggestions(ownerId, id);
    if (!suggestion) throw new DomainException(ErrorCode.NotFound, 'Stage suggestion not found');
    const mover: StageMove = { by: 'person', userId, ...suggestion.evidence };
    return this.changed(ownerId, await this.change(ownerId, id, { stage: suggestion.stage }, mover));
  }

  /** Dismisses the AI's suggestion; the owner's other tabs drop it from the card. */
  async dismissStageSuggestion(ownerId: string, customerId: string): Promise<Record<string, never>> {
    const id = requireUuid(customerId, 'Customer');
    if (!(await this.history.dismiss(ownerId, id))) {
      throw new DomainException(ErrorCode.NotFound, 'Stage suggestion not found');
    }
    this.changed(ownerId, await this.get(ownerId, id));
    return {};
  }

  /** A person changed the customer: the owner's other tabs (the board, the lists) move them. */
  private changed(ownerId: string, customer: CustomerResponse): CustomerResponse {
    const data: CustomerUpdatedData = { customerId: customer.id, stage: customer.stage };
    this.events.emit(ownerId, { type: 'customer_updated', message: '', data: { ...data } });
    return customer;
  }

  /** The customer, once the lead a write opened for them (if any) is told to the owner's tabs. */
  private announced(ownerId: string, { customer, leadId }: CustomerWritten): CustomerResponse {
    if (leadId !== null) {
      this.events.emit(ownerId, {
        type: 'new_lead',
        message: `New lead: ${customer.name}`,
        data: { leadId, customerId: customer.id, customerName: customer.name },
      });
    }
    return customer;
  }
}

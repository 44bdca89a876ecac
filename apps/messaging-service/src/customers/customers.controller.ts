import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  CreateCustomerDto,
  ListCustomersQueryDto,
  MESSAGING_SUBJECTS,
  PipelineQueryDto,
  type RpcRequest,
  UpdateContactDto,
  UpdateCustomerDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import { ChannelCustomerNameDto } from './channel-customer-name.dto';
import { CustomersService } from './customers.service';

@Controller()
export class CustomersController {
  constructor(
    private readonly orm: MikroORM,
    private readonly customers: CustomersService,
  ) {}

  /** Answers the page as bytes (pageReply): a JSON array, the next cursor in a header. */
  @MessagePattern(MESSAGING_SUBJECTS.listCustomers)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.customers
      .list(requireActor(req).workspaceId, parsePayload(ListCustomersQueryDto, req.data))
      .then(pageReply);
  }

  @MessagePattern(MESSAGING_SUBJECTS.pipeline)
  @CreateRequestContext()
  pipeline(@Payload() req: RpcRequest) {
    return this.customers.pipeline(requireActor(req).workspaceId, parsePayload(PipelineQueryDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.getCustomer)
  @CreateRequestContext()
  get(@Payload() req: RpcRequest<{ id?: unknown }>) {
    return this.customers.get(requireActor(req).workspaceId, String(req.data?.id ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.createCustomer)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.customers.create(requireActor(req).workspaceId, parsePayload(CreateCustomerDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.updateCustomer)
  @CreateRequestContext()
  update(@Payload() req: RpcRequest<{ id?: unknown; changes?: unknown }>) {
    const { id, changes } = req.data ?? {};
    const actor = requireActor(req);
    return this.customers.update(
      actor.workspaceId,
      String(id ?? ''),
      parsePayload(UpdateCustomerDto, changes),
      actor.userId,
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.nameChannelCustomer)
  @CreateRequestContext()
  nameFromChannel(@Payload() req: RpcRequest) {
    return this.customers.nameFromChannel(
      requireActor(req).workspaceId,
      parsePayload(ChannelCustomerNameDto, req.data),
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.updateContact)
  @CreateRequestContext()
  updateContact(@Payload() req: RpcRequest<{ id?: unknown; changes?: unknown }>) {
    const { id, changes } = req.data ?? {};
    const actor = requireActor(req);
    return this.customers.updateContact(
      actor.workspaceId,
      String(id ?? ''),
      parsePayload(UpdateContactDto, changes),
      actor.userId,
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.listCustomerLeads)
  @CreateRequestContext()
  leads(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    return this.customers.leadsOf(requireActor(req).workspaceId, String(req.data?.customerId ?? ''));
  }
}

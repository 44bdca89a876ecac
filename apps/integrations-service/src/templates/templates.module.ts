import { Module } from '@nestjs/common';
import { TemplatesController } from './templates.controller';
import { TemplatesQueries } from './templates.queries';
import { TemplatesService } from './templates.service';

/** WhatsApp's approved message templates of a connected number (the only message allowed outside its window). */
@Module({
  controllers: [TemplatesController],
  providers: [TemplatesQueries, TemplatesService],
})
export class TemplatesModule {}

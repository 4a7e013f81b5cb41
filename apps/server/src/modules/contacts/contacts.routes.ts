import { ContactEnvelopeSchema, ContactSchema } from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { ContactService } from './contacts.service.ts'

const ContactResponseSchema = z.object({ data: ContactSchema })

export const contactRoutes: FastifyPluginAsyncZod<{ contacts: ContactService; perMinute: number }> = async (
  app,
  { contacts, perMinute },
) => {
  app.post(
    '/',
    {
      config: { public: true, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        body: ContactEnvelopeSchema,
        response: { 201: ContactResponseSchema },
      },
    },
    async (request, reply) => {
      // 201 for a new and an already subscribed address alike (see ContactService.subscribe).
      const contact = await contacts.subscribe(request.body.data)
      return reply.code(201).send({ data: contact })
    },
  )
}

import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportModule } from '@nestjs/passport';
import type { RootConfig } from '../config';
import { JWT_KEYS } from './auth.tokens';
import { resolveJwtKeys } from './jwt-keys';
import { JwtStrategy } from './jwt.strategy';

@Global()
@Module({
  imports: [PassportModule.register({ session: false })],
  providers: [
    {
      provide: JWT_KEYS,
      inject: [ConfigService],
      useFactory: (config: ConfigService<RootConfig, true>) =>
        resolveJwtKeys(config.getOrThrow('auth', { infer: true }), config.getOrThrow('app', { infer: true })),
    },
    JwtStrategy,
  ],
  exports: [JWT_KEYS],
})
export class AuthModule {}

import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportModule } from '@nestjs/passport';
import type { RootConfig } from '../config';
import { JWT_KEYS, TOKEN_CACHE } from './auth.tokens';
import { resolveJwtKeys } from './jwt-keys';
import { JwtStrategy } from './jwt.strategy';
import { TokenCache } from './token-cache';

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
    {
      provide: TOKEN_CACHE,
      inject: [ConfigService],
      useFactory: (config: ConfigService<RootConfig, true>) => new TokenCache(config.getOrThrow('auth', { infer: true }).tokenCacheSize),
    },
    JwtStrategy,
  ],
  exports: [JWT_KEYS, TOKEN_CACHE],
})
export class AuthModule {}

# syntax=docker/dockerfile:1
# The scoring service as an image: gunicorn serving `app:create_app()` on port 8000.
#   make image                      (podman or buildah)
#   podman run --rm -p 8000:8000 mahjong-scoring
# The base is a build argument, so a mirror or a newer slim Python can be used:
#   make image BASE_IMAGE=registry.example/python:3.12-slim BUILD_IMAGE=registry.example/python:3.12
ARG BASE_IMAGE=python:3.11-slim
# The build stage compiles the core (tools/compile_core.py) with a C compiler and Python's
# headers, which the full image of the same Python has; change both together.
ARG BUILD_IMAGE=python:3.11

# ---------------------------------------------------------------- build: a virtualenv, the core compiled
FROM ${BUILD_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PYTHONDONTWRITEBYTECODE=1
WORKDIR /build
COPY requirements.txt .
# Pinned: requirements.txt lists every runtime package with its exact version.
RUN python -m venv /opt/venv \
 && /opt/venv/bin/pip install --no-cache-dir -r requirements.txt
COPY rules ./rules
COPY tools/__init__.py tools/compile_core.py ./tools/
# --require: an image whose core did not compile fails to build rather than ships slow.
RUN /opt/venv/bin/python -m tools.compile_core --require

# ---------------------------------------------------------------- runtime
FROM ${BASE_IMAGE} AS runtime
LABEL org.opencontainers.image.title="mahjong-scoring" \
      org.opencontainers.image.version="1.7.7" \
      org.opencontainers.image.description="Scores Chinese mahjong hands and settles rounds (xingguo, nanchang, qinzhou, guangdong)"
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PORT=8000 \
    METRICS_PORT=9100
RUN groupadd --gid 10001 app \
 && useradd --no-log-init --uid 10001 --gid app --home-dir /srv --no-create-home --shell /usr/sbin/nologin app
WORKDIR /srv
COPY --from=build /opt/venv /opt/venv
COPY app ./app
COPY rules ./rules
# The compiled modules, each beside its source, and the manifest of what they were built from.
COPY --from=build /build/rules/ ./rules/
# The rules book, served as GET /rules and GET /rules/<variant> (app/rulesbook.py).
COPY docs/rules ./docs/rules
COPY gunicorn.conf.py openapi.yaml ./
# The message catalogues (Accept-Language: zh-CN), compiled at build from their .po files.
RUN /opt/venv/bin/pybabel -q compile -D messages -d app/translations \
 && python -m compileall -q app rules
USER 10001:10001
# 8000: the API; 9100: /metrics only, for the scraper (never publish it)
EXPOSE 8000 9100
# gunicorn stops on SIGTERM: it stops accepting, lets in-flight requests finish
# (graceful_timeout in gunicorn.conf.py), then exits.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('PORT', '8000'), timeout=2)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "app:create_app()"]
